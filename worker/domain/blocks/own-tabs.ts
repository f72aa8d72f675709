import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { BlockStatus } from '../../../schema/block-values';
import { type TabCursor, tabCursorText } from '../../../schema/board-pages';
import { blocks } from '../../../schema/tables';
import { type Db, rawRun } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { type BoardWriter, commitChange } from '../board-changes/record';
import { afterPlace, firstPages, tabPage } from '../boards/tab-pages';
import { blockNotFound, isOwned, ownedBlock, positionGap, statusMove, tabNames } from './blocks';

type BlockRow = typeof blocks.$inferSelect;

const inTab = (userId: number, status: BlockStatus) =>
  and(eq(blocks.userId, userId), eq(blocks.status, status));

/** One page of the owner's tab `status`, after `cursor` (from the first without one). */
export async function listOwnTab(
  db: Db,
  userId: number,
  status: BlockStatus,
  cursor: TabCursor | undefined,
) {
  const { blocks: page, next } = await tabPage(db, userId, status, cursor ?? null, 'owner');
  return { blocks: page, next: next && tabCursorText(next) };
}

/**
 * The owner's first page of every tab, in the board's order (so a board whose tabs all fit is
 * listed as a whole, as before paging), with each tab's count and where its first page ends.
 */
export async function listOwnFirstPages(db: Db, userId: number) {
  const { shown, ends } = await firstPages(db, userId, null, 'owner');
  const tab = (status: BlockStatus) => {
    const { count, next } = ends[status];
    return { total: count, next: next && tabCursorText(next) };
  };
  return { blocks: shown, tabs: { now: tab('now'), planned: tab('planned'), done: tab('done') } };
}

/** Gives every block of the board a position `positionGap` apart, keeping their order. */
function renumberBoard(db: Db, userId: number) {
  return rawRun(
    db,
    sql`UPDATE ${blocks} SET position = ranked.rank * ${positionGap}
      FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS rank
        FROM ${blocks} WHERE user_id = ${userId}) AS ranked
      WHERE ${blocks.id} = ranked.id`,
  );
}

/** The first block of the tab after `place` (or the tab's first), leaving out the moving block. */
function nextInTab(
  db: Db,
  userId: number,
  status: BlockStatus,
  movingId: number,
  place?: TabCursor,
) {
  return db
    .select({ id: blocks.id, position: blocks.position })
    .from(blocks)
    .where(and(inTab(userId, status), ne(blocks.id, movingId), place && afterPlace(place)))
    .orderBy(asc(blocks.position), asc(blocks.id))
    .get();
}

async function findNeighbour(db: Db, userId: number, status: BlockStatus, id: number) {
  const found = await db
    .select({ id: blocks.id, position: blocks.position })
    .from(blocks)
    .where(and(eq(blocks.id, id), inTab(userId, status)))
    .get();
  if (found) return found;
  throw new Refusal(
    'invalid',
    `Block ${id} is not one of your blocks in ${tabNames[status]}: reload and try again.`,
  );
}

/**
 * A position strictly between `low` and `high` (either may be missing: the tab's ends), or null
 * when they sit on neighbouring positions and the board must be renumbered first.
 */
function positionBetween(low: TabCursor | undefined, high: TabCursor | undefined, own: number) {
  if (!low && !high) return own;
  if (!low) return (high as TabCursor).position - positionGap;
  if (!high) return low.position + positionGap;
  if (high.position - low.position < 2) return null;
  return Math.floor((low.position + high.position) / 2);
}

/**
 * Puts block `id` into tab `status` right after block `afterId` (first when null), moving it from
 * another tab if need be: one write of one row, in one batch with the change's record. When its
 * two neighbours leave no room between their positions, the whole board is renumbered with gaps
 * in the same batch (a write of every block of the board, rare: see decision 0053).
 */
export async function placeBlock(
  writer: BoardWriter,
  id: number,
  status: BlockStatus,
  afterId: number | null,
) {
  const { db, userId } = writer;
  const moving = await db
    .select({ status: blocks.status, position: blocks.position })
    .from(blocks)
    .where(ownedBlock(id, userId))
    .get();
  if (!moving) throw blockNotFound();
  if (afterId === id) throw new Refusal('invalid', 'A block cannot go after itself.');
  const low = afterId === null ? undefined : await findNeighbour(db, userId, status, afterId);
  const high = await nextInTab(db, userId, status, id, low);
  const position = positionBetween(low, high, moving.position);
  const at = Date.now();
  const move = moving.status === status ? null : statusMove(db, id, userId, status, at);
  const place = (value: number | SQL) =>
    db
      .update(blocks)
      .set({ ...move?.fields, position: value })
      .where(ownedBlock(id, userId))
      .returning();
  // Renumbered, the neighbours lie at least a gap apart: half a gap past the lower one is between.
  const statements =
    position === null && low
      ? [
          renumberBoard(db, userId),
          place(sql`(SELECT position FROM ${blocks} WHERE id = ${low.id}) + ${positionGap / 2}`),
        ]
      : [place(position ?? moving.position)];
  const { results } = await commitChange(
    writer,
    'blocks',
    [...(move?.before ?? []), ...statements] as [
      (typeof statements)[number],
      ...(typeof statements)[number][],
    ],
    isOwned(id, userId),
  );
  const [placed] = results.at(-1) as BlockRow[];
  if (!placed) throw blockNotFound();
  return placed;
}
