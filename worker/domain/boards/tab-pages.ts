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

/**
 * One page of a public tab: its visible blocks after `after` (from the first without), in board
 * order, read from the index `blocks_public_tab`; and where the next page starts, or null.
 */
export async function publicTabPage(
  db: Db,
  userId: number,
  status: BlockStatus,
  after: TabCursor | null,
  view: BoardView = 'public',
) {
  const rows = await db
    .select()
    .from(blocks)
    .where(
      and(
        shownIn(view, userId),
        eq(blocks.status, status),
        after
          ? sql`(${blocks.position}, ${blocks.id}) > (${after.position}, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(blocks.position), asc(blocks.id))
    .limit(tabPageSize + 1);
  const page = rows.slice(0, tabPageSize);
  const last = page.at(-1);
  const next = rows.length > tabPageSize && last ? { position: last.position, id: last.id } : null;
  return { blocks: page.map((row) => ({ ...row, linksOwnProfile: linksOwnProfile(row) })), next };
}

/** How many blocks each tab shows in `view` (the public's: counted in `blocks_public_tab` alone). */
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
  const [counts, ...pages] = await Promise.all([
    tabCounts(db, userId, view),
    ...blockStatuses.map((status) =>
      publicTabPage(db, userId, status, asked?.status === status ? asked.after : null, view),
    ),
  ]);
  const tabs = Object.fromEntries(
    blockStatuses.map((status, at) => {
      const next = pages[at]?.next;
      return [
        status,
        { count: counts[status], next: next ? boardBlocksPath(username, status, next) : null },
      ];
    }),
  ) as BoardTabs;
  const shown = pages
    .flatMap((page) => page.blocks)
    .sort((a, b) => a.position - b.position || a.id - b.id);
  return { listed: shown, tabs };
}
