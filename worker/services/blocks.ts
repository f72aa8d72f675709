import { and, asc, eq, sql } from 'drizzle-orm';
import type { BlockStatus } from '../../schema/block-values';
import { type BlockInput, maxBlocksPerBoard } from '../../schema/blocks';
import { blockCopies, blocks, users } from '../../schema/tables';
import { type Db, failedWith } from './db';
import { Refusal } from './errors';

export type BlockRow = typeof blocks.$inferSelect;

const boardFull = `Your board holds at most ${maxBlocksPerBoard} blocks. Delete one to add another.`;

export function listBlocks(db: Db, userId: number, { visibleOnly }: { visibleOnly: boolean }) {
  const owned = eq(blocks.userId, userId);
  return db
    .select()
    .from(blocks)
    .where(visibleOnly ? and(owned, eq(blocks.isVisible, true)) : owned)
    .orderBy(asc(blocks.position), asc(blocks.id));
}

// Computed inside the INSERT, so parallel creates never share a position.
const nextPosition = (userId: number) =>
  sql<number>`(SELECT COALESCE(MAX(${blocks.position}), 0) + 1 FROM ${blocks} WHERE ${blocks.userId} = ${userId})`;

/** The database refuses a block past the board's limit (trigger in migrations): atomic under races. */
function refuseFullBoard(error: unknown): never {
  if (failedWith(error, 'board_full')) throw new Refusal('conflict', boardFull);
  throw error;
}

export async function createBlock(db: Db, userId: number, input: BlockInput) {
  const [created] = await db
    .insert(blocks)
    .values({ ...input, userId, position: nextPosition(userId) })
    .returning()
    .catch(refuseFullBoard);
  return created as BlockRow;
}

function ownedBlock(id: number, userId: number) {
  return and(eq(blocks.id, id), eq(blocks.userId, userId));
}

/** Anyone but the owner gets the same 404 as for a block that does not exist. */
const blockNotFound = () => new Refusal('not-found', 'This block does not exist or is not yours.');

export async function updateBlock(db: Db, id: number, userId: number, input: BlockInput) {
  const [updated] = await db
    .update(blocks)
    .set({ ...input, updatedAt: new Date() })
    .where(ownedBlock(id, userId))
    .returning();
  if (!updated) throw blockNotFound();
  return updated;
}

/**
 * Status alone (`PUT /api/blocks/:id` with `{ status }`): planned 0, done 100, now keeps 1-99 or
 * gets 50. The web app's "Move to …" buttons send the whole block instead (quickMoves).
 */
export async function moveBlock(db: Db, id: number, userId: number, status: BlockStatus) {
  const [updated] = await db
    .update(blocks)
    .set({
      status,
      progress: sql`CASE ${status} WHEN 'planned' THEN 0 WHEN 'done' THEN 100 ELSE CASE WHEN ${blocks.progress} BETWEEN 1 AND 99 THEN ${blocks.progress} ELSE 50 END END`,
      updatedAt: new Date(),
    })
    .where(ownedBlock(id, userId))
    .returning();
  if (!updated) throw blockNotFound();
  return updated;
}

export async function deleteBlock(db: Db, id: number, userId: number) {
  const deleted = await db
    .delete(blocks)
    .where(ownedBlock(id, userId))
    .returning({ id: blocks.id });
  if (deleted.length === 0) throw blockNotFound();
}

/** A block anyone may see: visible, on a public board. */
function findPublicBlock(db: Db, id: number) {
  return db
    .select({ block: blocks })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.userId))
    .where(and(eq(blocks.id, id), eq(blocks.isVisible, true), eq(users.isPublic, true)))
    .get();
}

/**
 * Copies a public block onto the copier's board as "planned" (they mean to do it, not yet begun),
 * recording its origin and who copied it in one transaction: copying, deleting the copy and
 * copying again counts once.
 */
export async function copyBlock(db: Db, sourceId: number, copierId: number) {
  const source = (await findPublicBlock(db, sourceId))?.block;
  if (!source) throw new Refusal('not-found', 'This block does not exist or is not public.');
  if (source.userId === copierId)
    throw new Refusal('invalid', 'This block is already on your board.');
  const copy = {
    type: source.type,
    category: source.category,
    emoji: source.emoji,
    label: source.label,
    title: source.title,
    subtitle: source.subtitle,
    description: source.description,
    imageUrl: source.imageUrl,
    imageAspectRatio: source.imageAspectRatio,
    imagePosition: source.imagePosition,
    externalUrl: source.externalUrl,
    status: 'planned' as const,
    progress: 0,
    progressEnabled: source.progressEnabled,
    isVisible: true,
    copiedFromBlockId: source.id,
    copiedFromUserId: source.userId,
    userId: copierId,
    position: nextPosition(copierId),
  };
  const [inserted] = await db
    .batch([
      db.insert(blocks).values(copy).returning(),
      // The source's count grows only with a person's first copy (trigger on block_copies).
      db.insert(blockCopies).values({ sourceBlockId: source.id, copierId }).onConflictDoNothing(),
    ])
    .catch((error: unknown) => {
      if (failedWith(error, 'UNIQUE constraint failed')) {
        throw new Refusal('conflict', 'You already copied this block to your board.');
      }
      return refuseFullBoard(error);
    });
  return inserted[0] as BlockRow;
}

/**
 * The board a "Visit Link" click counts for: a block anyone may see, or the viewer's own (whose
 * clicks count nothing). Refuses a block no one but its owner may see, as if it did not exist.
 */
export async function findClickedBlock(db: Db, id: number, viewerId: number | null) {
  const found = await db
    .select({ boardId: blocks.userId, isVisible: blocks.isVisible, isPublic: users.isPublic })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.userId))
    .where(eq(blocks.id, id))
    .get();
  const isOwn = found !== undefined && found.boardId === viewerId;
  if (!found || (!isOwn && !(found.isVisible && found.isPublic))) {
    throw new Refusal('not-found', 'This block does not exist.');
  }
  return { boardId: found.boardId, isOwn };
}
