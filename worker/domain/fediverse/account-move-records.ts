import { eq } from 'drizzle-orm';
import { fediverseAccountMoves } from '../../../schema/tables';
import type { Db } from '../../platform/db';

// The board's own record of its former accounts and where it moved: plain rows, read by the API
// without loading Fedify.

export type AccountMoves = { alsoKnownAs: string[]; movedTo: string | null };

/** The board's former accounts and where it moved (actor addresses). */
export async function readAccountMoves(db: Db, userId: number): Promise<AccountMoves> {
  const row = await db
    .select()
    .from(fediverseAccountMoves)
    .where(eq(fediverseAccountMoves.userId, userId))
    .get();
  return { alsoKnownAs: row?.alsoKnownAs ?? [], movedTo: row?.movedTo ?? null };
}

/**
 * Where the board's fediverse account moved, as its page tells visitors: the new account's handle
 * (its address for a move saved before handles were) and its address; null until it moves.
 */
export async function boardMovedTo(db: Db, userId: number) {
  const row = await db
    .select({ url: fediverseAccountMoves.movedTo, handle: fediverseAccountMoves.movedToHandle })
    .from(fediverseAccountMoves)
    .where(eq(fediverseAccountMoves.userId, userId))
    .get();
  return row?.url ? { name: row.handle ?? row.url, url: row.url } : null;
}

/**
 * A `Move` from `from` to the board, believed when `from` is one of the owner's former accounts:
 * noted, so the follows its followers' servers now send are let in. Answers whether it was.
 */
export async function noteMoveIn(db: Db, userId: number, from: string): Promise<boolean> {
  const moves = await readAccountMoves(db, userId);
  if (!moves.alsoKnownAs.includes(from)) return false;
  await db
    .update(fediverseAccountMoves)
    .set({ movedInAt: new Date() })
    .where(eq(fediverseAccountMoves.userId, userId));
  return true;
}
