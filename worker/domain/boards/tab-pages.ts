import { and, asc, count, eq, sql } from 'drizzle-orm';
import { type BlockStatus, blockStatuses } from '../../../schema/block-values';
import {
  type BoardTabs,
  boardBlocksPath,
  type TabCursor,
  tabPageSize,
} from '../../../schema/board-pages';
import { linksOwnProfile } from '../../../schema/indieweb';
import { blocks } from '../../../schema/tables';
import type { Db } from '../../platform/db';

/** Which tab a page of a public board shows past its first page, and from where. */
export type TabPageAsked = { status: BlockStatus; after: TabCursor };

/** Whose view of the board a page is: the public's (visible blocks) or its owner's (every block). */
export type BoardView = 'public' | 'owner';

const shownIn = (view: BoardView, userId: number) =>
  view === 'owner'
    ? eq(blocks.userId, userId)
    : and(eq(blocks.userId, userId), eq(blocks.isVisible, true));

/** Blocks after `place` in a tab's order (position, then id). */
export const afterPlace = ({ position, id }: TabCursor) =>
  sql`(${blocks.position}, ${blocks.id}) > (${position}, ${id})`;

/**
 * The rows of a tab's page in `view` after `after` (from the first without), one more than the
 * page to tell whether another follows, in board order: read from the index `blocks_public_tab`
 * (the public's) or `blocks_own_tab` (the owner's, hidden blocks among them).
 */
export function tabPageRows(
  db: Db,
  userId: number,
  status: BlockStatus,
  after: TabCursor | null,
  view: BoardView,
) {
  return db
    .select()
    .from(blocks)
    .where(
      and(shownIn(view, userId), eq(blocks.status, status), after ? afterPlace(after) : undefined),
    )
    .orderBy(asc(blocks.position), asc(blocks.id))
    .limit(tabPageSize + 1);
}

/** One page of a tab in `view` (the public's by default), and where the next starts, or null. */
export async function tabPage(
  db: Db,
  userId: number,
  status: BlockStatus,
  after: TabCursor | null,
  view: BoardView = 'public',
) {
  const rows = await tabPageRows(db, userId, status, after, view);
  const page = rows.slice(0, tabPageSize);
  const last = page.at(-1);
  const next = rows.length > tabPageSize && last ? { position: last.position, id: last.id } : null;
  return { blocks: page.map((row) => ({ ...row, linksOwnProfile: linksOwnProfile(row) })), next };
}

/** How many blocks each tab shows in `view`, counted in the view's index alone. */
async function tabCounts(
  db: Db,
  userId: number,
  view: BoardView,
): Promise<Record<BlockStatus, number>> {
  const rows = await db
    .select({ status: blocks.status, count: count() })
    .from(blocks)
    .where(shownIn(view, userId))
    .groupBy(blocks.status);
  const counts: Record<BlockStatus, number> = { now: 0, planned: 0, done: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

/**
 * Each tab's first page in `view` (or, for `asked`, its page after the cursor), in board order,
 * with each tab's true count and where its page ends.
 */
export async function firstPages(
  db: Db,
  userId: number,
  asked: TabPageAsked | null,
  view: BoardView,
) {
  const [counts, ...pages] = await Promise.all([
    tabCounts(db, userId, view),
    ...blockStatuses.map((status) =>
      tabPage(db, userId, status, asked?.status === status ? asked.after : null, view),
    ),
  ]);
  const shown = pages
    .flatMap((page) => page.blocks)
    .sort((a, b) => a.position - b.position || a.id - b.id);
  const ends = Object.fromEntries(
    blockStatuses.map((status, at) => [
      status,
      { count: counts[status], next: pages[at]?.next ?? null },
    ]),
  ) as Record<BlockStatus, { count: number; next: TabCursor | null }>;
  return { shown, ends };
}

/**
 * What `view` shows of a board at once: each tab's first page (or, for `asked`, its page after the
 * cursor), in board order, and each tab's true count with the path of its next page. The owner's
 * view holds hidden blocks too; its pages past the first come the same way (`asked`).
 */
export async function tabPages(
  db: Db,
  { id: userId, username }: { id: number; username: string },
  asked: TabPageAsked | null,
  view: BoardView,
) {
  const { shown, ends } = await firstPages(db, userId, asked, view);
  const tabs = Object.fromEntries(
    blockStatuses.map((status) => {
      const { count, next } = ends[status];
      return [status, { count, next: next ? boardBlocksPath(username, status, next) : null }];
    }),
  ) as BoardTabs;
  return { listed: shown, tabs };
}
