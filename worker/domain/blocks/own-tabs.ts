import { and, asc, count, eq, gt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { BlockStatus } from '../../../schema/block-values';
import { ownTabPageSize } from '../../../schema/blocks';
import { linksOwnProfile } from '../../../schema/indieweb';
import { blocks } from '../../../schema/tables';
import { type Db, rawRun } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { type BoardWriter, commitChange } from '../board-changes/record';
import { blockNotFound, isOwned, ownedBlock, statusMove, tabNames } from './blocks';

type BlockRow = typeof blocks.$inferSelect;

/** Where a page of one tab ends: its last block's position and id, which order the tab. */
type TabPlace = { position: number; id: number };

/** Opaque to clients (base64url of "position.id"), so its form can change later. */
function encodeTabCursor({ position, id }: TabPlace): string {
  return btoa(`${position}.${id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decodeTabCursor(cursor: string): TabPlace {
  try {
    const match = /^(-?\d{1,15})\.(\d{1,15})$/.exec(
      atob(cursor.replace(/-/g, '+').replace(/_/g, '/')),
    );
    if (match) return { position: Number(match[1]), id: Number(match[2]) };
  } catch {
    // Not base64: refused below like any other cursor no answer gave.
  }
  throw new Refusal('invalid', 'cursor must be the next of an earlier answer: reload the list.');
}

const inTab = (userId: number, status: BlockStatus) =>
  and(eq(blocks.userId, userId), eq(blocks.status, status));

/** Blocks after `place` in the tab's order (position, then id). */
const after = ({ position, id }: TabPlace) =>
  or(gt(blocks.position, position), and(eq(blocks.position, position), gt(blocks.id, id)));

/** One page of the owner's tab `status`, after `cursor` (from the first without one). */
export async function listOwnTab(
  db: Db,
  userId: number,
  status: BlockStatus,
  cursor: string | undefined,
) {
  const from = cursor === undefined ? undefined : decodeTabCursor(cursor);
  const rows = await db
    .select()
    .from(blocks)
    .where(and(inTab(userId, status), from && after(from)))
    .orderBy(asc(blocks.position), asc(blocks.id))
    .limit(ownTabPageSize + 1);
  const page = rows.slice(0, ownTabPageSize);
  const last = page.at(-1);
  return {
    blocks: page.map((row) => ({ ...row, linksOwnProfile: linksOwnProfile(row) })),
    next: rows.length > ownTabPageSize && last ? encodeTabCursor(last) : null,
  };
}

/** How many blocks each of the owner's tabs holds. */
async function countTabs(db: Db, userId: number) {
  const rows = await db
    .select({ status: blocks.status, total: count() })
    .from(blocks)
    .where(eq(blocks.userId, userId))
    .groupBy(blocks.status);
  const totals = { now: 0, planned: 0, done: 0 };
  for (const { status, total } of rows) totals[status] = total;
  return totals;
}

const boardOrder = (a: BlockRow, b: BlockRow) => a.position - b.position || a.id - b.id;

/**
 * The owner's first page of every tab, in the board's order (so a board whose tabs all fit is
 * listed as a whole, as before paging), with each tab's count and where its first page ends.
 */
export async function listOwnFirstPages(db: Db, userId: number) {
  const [totals, now, planned, done] = await Promise.all([
    countTabs(db, userId),
    listOwnTab(db, userId, 'now', undefined),
    listOwnTab(db, userId, 'planned', undefined),
    listOwnTab(db, userId, 'done', undefined),
  ]);
  return {
    blocks: [...now.blocks, ...planned.blocks, ...done.blocks].toSorted(boardOrder),
    tabs: {
      now: { total: totals.now, next: now.next },
      planned: { total: totals.planned, next: planned.next },
      done: { total: totals.done, next: done.next },
    },
  };
}

/**
 * The room a renumbered board leaves between two blocks in a row: ten moves into the same gap
 * before the board is renumbered again.
 */
const positionGap = 1024;

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
  place?: TabPlace,
) {
  return db
    .select({ id: blocks.id, position: blocks.position })
    .from(blocks)
    .where(and(inTab(userId, status), ne(blocks.id, movingId), place && after(place)))
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
function positionBetween(low: TabPlace | undefined, high: TabPlace | undefined, own: number) {
  if (!low && !high) return own;
  if (!low) return (high as TabPlace).position - positionGap;
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
