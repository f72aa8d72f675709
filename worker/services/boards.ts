import { and, count, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type boardSettingsInput,
  type discoverQuery,
  publicBoardAnswer,
} from '../../schema/boards';
import { blocks, boardSettings, users } from '../../schema/tables';
import type { UserRow } from '../types';
import { listBlocks } from './blocks';
import type { Db } from './db';
import { Refusal, refusalIn } from './errors';
import { findUserByUsername } from './users';

const boardNotFound = () =>
  new Refusal('not-found', "Board Not Found - This user doesn't exist or their board is private.");

const discoverBlocksPerBoard = 12;

/** A board whose owner never changed its settings has no row yet: it gets the defaults. */
export async function getBoardSettings(db: Db, userId: number) {
  const settings = await db.query.boardSettings.findFirst({
    where: eq(boardSettings.userId, userId),
  });
  return {
    globalImageRatio: settings?.globalImageRatio ?? 'square',
    hideAllImages: settings?.hideAllImages ?? false,
  };
}

/**
 * A board as `viewer` may see it. A private board answers exactly like an unknown user
 * to everyone but its owner; hidden blocks are shown only to the owner.
 */
export async function getBoard(db: Db, username: string, viewer: UserRow | null) {
  const owner = await findUserByUsername(db, username);
  const isOwner = owner !== undefined && viewer?.id === owner.id;
  if (!owner || (!owner.isPublic && !isOwner)) throw boardNotFound();
  const [settings, blocks] = await Promise.all([
    getBoardSettings(db, owner.id),
    listBlocks(db, owner.id, { visibleOnly: !isOwner }),
  ]);
  const board = { ...settings, updatedAt: owner.boardUpdatedAt?.getTime() ?? null };
  return { owner, isOwner, board, blocks };
}

/**
 * A board as the public sees it (its answer in the public contract, as pages carry it), or null
 * when there is none to see (unknown user, private board, or a name no user can have: no query is
 * made for that).
 */
export async function findPublicBoard(db: Db, username: string | undefined) {
  if (!username) return null;
  try {
    const { owner, board, blocks } = await getBoard(db, username, null);
    return { owner, body: publicBoardAnswer.parse({ board, blocks, user: owner }) };
  } catch (error) {
    if (refusalIn(error)?.kind === 'not-found') return null;
    throw error;
  }
}

export async function updateBoardSettings(
  db: Db,
  userId: number,
  input: z.infer<typeof boardSettingsInput>,
) {
  await db
    .insert(boardSettings)
    .values({ userId, ...input })
    .onConflictDoUpdate({ target: boardSettings.userId, set: input });
  return getBoardSettings(db, userId);
}

/** `%`, `_` and `\` typed by a person are literal characters, not wildcards. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function matchesSearch(q: string) {
  const pattern = containsPattern(q);
  const contains = (column: typeof users.displayName | typeof users.username | typeof users.bio) =>
    sql`lower(${column}) LIKE ${pattern} ESCAPE '\\'`;
  return or(contains(users.displayName), contains(users.username), contains(users.bio));
}

/**
 * Where a Discover page ends: the last board's update time and id, since boards are ordered by
 * both (two boards can change in the same millisecond).
 */
const cursorOf = (owner: UserRow) => `${owner.boardUpdatedAt?.getTime() ?? 0}-${owner.id}`;

function afterCursor(cursor: string) {
  const [updatedAt = 0, id = 0] = cursor.split('-').map(Number);
  return sql`(${users.boardUpdatedAt}, ${users.id}) < (${updatedAt}, ${id})`;
}

/**
 * Public boards that show at least one block, the most recently updated first, with up to 12 of
 * each board's visible blocks and how many boards match in all; paged by cursor. Served by the
 * `users_discover` index.
 */
export async function discoverBoards(db: Db, query: z.infer<typeof discoverQuery>) {
  const matching = and(
    eq(users.isPublic, true),
    isNotNull(users.boardUpdatedAt),
    query.q ? matchesSearch(query.q) : undefined,
  );
  // One round trip to D1 for the page and the count.
  const [page, [counted]] = await db.batch([
    db
      .select({ owner: users, settings: boardSettings })
      .from(users)
      .leftJoin(boardSettings, eq(boardSettings.userId, users.id))
      .where(and(matching, query.cursor ? afterCursor(query.cursor) : undefined))
      .orderBy(desc(users.boardUpdatedAt), desc(users.id))
      .limit(query.limit + 1),
    db.select({ total: count() }).from(users).where(matching),
  ]);
  const shown = page.slice(0, query.limit);
  const last = shown.at(-1)?.owner;
  const blocksByOwner = await visibleBlocksOf(
    db,
    shown.map(({ owner }) => owner.id),
  );
  return {
    boards: shown.map(({ owner, settings }) => ({
      user: owner,
      // Drawn as on the board: its ratio for "auto" images, and no images when it hides them.
      board: {
        globalImageRatio: settings?.globalImageRatio ?? 'square',
        hideAllImages: settings?.hideAllImages ?? false,
      },
      blocks: blocksByOwner.get(owner.id) ?? [],
    })),
    nextCursor: page.length > query.limit && last ? cursorOf(last) : null,
    total: counted?.total ?? 0,
  };
}

async function visibleBlocksOf(db: Db, ownerIds: number[]) {
  const byOwner = new Map<number, (typeof blocks.$inferSelect)[]>();
  if (ownerIds.length === 0) return byOwner;
  const ranked = db
    .select({
      id: blocks.id,
      rank: sql<number>`row_number() OVER (PARTITION BY ${blocks.userId} ORDER BY ${blocks.position}, ${blocks.id})`.as(
        'rank',
      ),
    })
    .from(blocks)
    .where(and(inArray(blocks.userId, ownerIds), eq(blocks.isVisible, true)))
    .as('ranked');
  const rows = await db
    .select({ block: blocks })
    .from(blocks)
    .innerJoin(ranked, eq(ranked.id, blocks.id))
    .where(sql`${ranked.rank} <= ${discoverBlocksPerBoard}`)
    .orderBy(blocks.position, blocks.id);
  for (const { block } of rows) {
    const list = byOwner.get(block.userId) ?? [];
    list.push(block);
    byOwner.set(block.userId, list);
  }
  return byOwner;
}
