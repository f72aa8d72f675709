import {
  and,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  lte,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { integer, sqliteTable } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import { defaultAccent } from '../../../schema/accents';
import type { discoverQuery } from '../../../schema/boards';
import type { CategoryKey } from '../../../schema/categories';
import {
  blockCopies,
  blockStoryEvents,
  blocks,
  boardSettings,
  discoverTotals,
  trendingBlocks,
  users,
} from '../../../schema/tables';
import { type Db, rawRun } from '../../platform/db';
import type { UserRow } from '../account/users';

type DiscoverQuery = z.infer<typeof discoverQuery>;
type BoardSettingsRow = typeof boardSettings.$inferSelect;

/** A card shows this many of a board's blocks and says how many more there are. */
const discoverBlocksPerBoard = 6;
const trendingPerScope = 12;
const trendingWindowMs = 7 * 24 * 60 * 60 * 1000;
/** Words of a search past these are ignored: each one more is one more index lookup. */
const searchWordsAtMost = 8;

/**
 * The FTS5 index of the listed boards (migration 0043, kept by triggers), in news order: rowid is
 * the board's news key (`newsKeyScale`), `owner_id` the owner's id, `categories` the categories
 * its visible blocks show; prefixes of 1 to 8 characters have lists of their own. Not in
 * schema/tables.ts, so drizzle-kit leaves the virtual table to the hand-written migrations.
 */
const boardSearch = sqliteTable('board_search', {
  rowid: integer('rowid').notNull(),
  ownerId: integer('owner_id').notNull(),
});

/** A board's news key: its latest news' millisecond times this, plus its place in that millisecond. */
const newsKeyScale = 1_048_576;

/**
 * The search index's row of board `ownerId` whose news is of millisecond `at` (SQL: the key is past
 * JavaScript's exact integers), for a statement on `board_search`.
 */
export function searchRowOf(ownerId: number | SQL, at: number | SQL): SQL {
  const from = sql`${at} * ${newsKeyScale}`;
  return sql`rowid BETWEEN ${from} AND ${from} + ${newsKeyScale - 1} AND owner_id = ${ownerId}`;
}

/** Every board Discover counts, or one category's. */
const scopeOf = (category: CategoryKey | undefined) => category ?? 'all';

/** The columns a person's words are looked for in (`categories` is the filter's alone). */
const searchedColumns = '{username display_name bio tagline block_titles}';

/**
 * A person's search as an FTS5 query, all words required, each a quoted prefix ("port" finds
 * "Portuguese") in the board's own words, and the category as a word of `categories`. Quoting
 * leaves FTS5 no operator, column filter or syntax to read in what was typed; null when nothing
 * typed can be a word (only punctuation), which matches nothing.
 */
function searchMatchOf(text: string, category: CategoryKey | undefined): string | null {
  const words = text.match(/[\p{L}\p{N}\p{M}]+/gu)?.slice(0, searchWordsAtMost);
  if (!words) return null;
  const typed = `${searchedColumns} : (${words.map((word) => `"${word}"*`).join(' ')})`;
  return category ? `categories : "${category}" AND ${typed}` : typed;
}

/**
 * Listed: public, established (its address proven and a day old, `establishAccounts`), not kept
 * off Discover by a moderator, showing at least one block (it then has news), in the category if
 * one is asked. The conditions are the row's own columns, read with the row the index walk
 * reaches anyway: a board that fails them costs one skipped row, not a query.
 */
function listed(category: CategoryKey | undefined) {
  return and(
    eq(users.isPublic, true),
    isNotNull(users.establishedAt),
    eq(users.keptOffDiscover, false),
    isNotNull(users.lastActivityAt),
    category ? hasVisibleBlockIn(category) : undefined,
  );
}

function hasVisibleBlockIn(category: CategoryKey) {
  return sql`EXISTS (SELECT 1 FROM ${blocks} WHERE ${blocks.userId} = ${users.id} AND ${blocks.isVisible} = 1 AND ${blocks.category} = ${category})`;
}

/**
 * Where a Discover page ends: the last board's latest news and id, since boards are ordered by
 * both (two boards can have news in the same millisecond).
 */
const cursorOf = (owner: UserRow) => `${owner.lastActivityAt ?? 0}-${owner.id}`;

/** A board's news and id: the users table's, or those a subquery carries. */
type NewsColumns = { lastActivityAt: SQLWrapper; id: SQLWrapper };

function afterCursor(cursor: string | undefined, board: NewsColumns = users): SQL | undefined {
  if (!cursor) return undefined;
  const [at = 0, id = 0] = cursor.split('-').map(Number);
  return sql`(${board.lastActivityAt}, ${board.id}) < (${at}, ${id})`;
}

const pageColumns = { owner: users, settings: boardSettings };
const newsFirst = (board: NewsColumns = users) => [desc(board.lastActivityAt), desc(board.id)];

/** A search counts its matches no further than this; a count that stops here is shown as a floor. */
export const searchCountAtMost = 5000;

const matches = (match: string) => sql`${boardSearch} MATCH ${match}`;

/**
 * Where a search's page starts: below the key of the cursor's board, found among its news'
 * millisecond; a board that has had news since is not there, and the page starts below that
 * millisecond. The key is worked out in SQL: it is past JavaScript's exact integers.
 */
function beforeSearchCursor(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [at = 0, id = 0] = cursor.split('-').map(Number);
  return sql`${boardSearch.rowid} < coalesce((SELECT rowid FROM ${boardSearch} WHERE ${searchRowOf(id, at)}), ${at} * ${newsKeyScale})`;
}

/**
 * A search's page, its blocks and its count, three statements for one batch. The index is read
 * in its own order, news first, and stops after the page (one more, to tell whether another
 * follows), however many boards match; the count stops one past the cap. Each board of the page
 * is then read by id (CROSS JOIN keeps that order).
 */
function searchPage(db: Db, match: string, query: DiscoverQuery) {
  const hits = db
    .select({ ownerId: boardSearch.ownerId, key: sql<number>`rowid`.as('news_key') })
    .from(boardSearch)
    .where(and(matches(match), beforeSearchCursor(query.cursor)))
    .orderBy(desc(boardSearch.rowid))
    .limit(query.limit + 1)
    .as('hits');
  const counted = db
    .select({ id: boardSearch.rowid })
    .from(boardSearch)
    .where(matches(match))
    .limit(searchCountAtMost + 1)
    .as('counted');
  return [
    db
      .select(pageColumns)
      .from(hits)
      .crossJoin(users)
      .leftJoin(boardSettings, eq(boardSettings.userId, users.id))
      .where(and(eq(users.id, hits.ownerId), listed(undefined)))
      .orderBy(desc(hits.key)),
    visibleBlocksOf(db, db.select({ id: hits.ownerId }).from(hits)),
    db.select({ total: count() }).from(counted),
  ] as const;
}

/** Boards matching a search, news first, and how many (a floor past the cap). */
async function searched(db: Db, match: string, query: DiscoverQuery) {
  const [page, blocksOfPage, [counted]] = await db.batch(searchPage(db, match, query));
  const total = counted?.total ?? 0;
  return {
    page,
    blocksOfPage,
    total: Math.min(total, searchCountAtMost),
    totalIsFloor: total > searchCountAtMost,
  };
}

/**
 * The boards `onPage` keeps, the one with the latest news first (one more than the page, to tell
 * whether another follows), and the visible blocks of the page's boards: two statements to batch.
 */
function newsPage(db: Db, onPage: SQL | undefined, limit: number) {
  const ids = db
    .select({ id: users.id })
    .from(users)
    .where(onPage)
    .orderBy(...newsFirst())
    .limit(limit);
  return [
    db
      .select(pageColumns)
      .from(users)
      .leftJoin(boardSettings, eq(boardSettings.userId, users.id))
      .where(onPage)
      .orderBy(...newsFirst())
      .limit(limit + 1),
    visibleBlocksOf(db, ids),
  ] as const;
}

/**
 * Boards in news order from `users_discover_listed`, and how many the latest rollup counted
 * (counting a million index entries is no request's work). Before the first rollup they are counted.
 */
async function browsed(db: Db, query: DiscoverQuery) {
  const onPage = and(listed(query.category), afterCursor(query.cursor));
  const [page, blocksOfPage, [rolledUp]] = await db.batch([
    ...newsPage(db, onPage, query.limit),
    db
      .select({ total: discoverTotals.boards })
      .from(discoverTotals)
      .where(eq(discoverTotals.scope, scopeOf(query.category))),
  ]);
  const counted =
    rolledUp ?? (await db.select({ total: count() }).from(users).where(listed(query.category)))[0];
  return { page, blocksOfPage, total: counted?.total ?? 0, totalIsFloor: false };
}

/**
 * Public boards that show at least one block, the one with the latest news first, with the first
 * six of each board's visible blocks (and how many more it has) and how many boards match in all;
 * paged by cursor, in one round trip to D1 (the page, its blocks, the count). `q` searches names,
 * bio, tagline and block titles by word prefix, in the search index's news order; `category` keeps
 * boards showing a block of it.
 */
export async function discoverBoards(db: Db, query: DiscoverQuery) {
  const match = query.q ? searchMatchOf(query.q, query.category) : null;
  if (query.q && !match) return { boards: [], nextCursor: null, total: 0, totalIsFloor: false };
  const { page, blocksOfPage, total, totalIsFloor } = match
    ? await searched(db, match, query)
    : await browsed(db, query);
  const shown = page.slice(0, query.limit);
  const last = shown.at(-1)?.owner;
  const blocksByOwner = byOwner(blocksOfPage.map(({ block }) => block));
  const visibleCounts = new Map(
    blocksOfPage.map(({ block, visibleCount }) => [block.userId, visibleCount]),
  );
  return {
    boards: shown.map(({ owner, settings }) => {
      const ownBlocks = blocksByOwner.get(owner.id) ?? [];
      return {
        user: owner,
        // Drawn as on the board: its ratio for "auto" images, and no images when it hides them.
        board: boardLook(settings),
        blocks: ownBlocks,
        moreBlocks: Math.max(0, (visibleCounts.get(owner.id) ?? 0) - ownBlocks.length),
      };
    }),
    nextCursor: page.length > query.limit && last ? cursorOf(last) : null,
    total,
    totalIsFloor,
  };
}

function byOwner(shownBlocks: (typeof blocks.$inferSelect)[]) {
  const grouped = new Map<number, (typeof blocks.$inferSelect)[]>();
  for (const block of shownBlocks) {
    const list = grouped.get(block.userId) ?? [];
    list.push(block);
    grouped.set(block.userId, list);
  }
  return grouped;
}

function boardLook(settings: BoardSettingsRow | null) {
  return {
    globalImageRatio: settings?.globalImageRatio ?? 'square',
    hideAllImages: settings?.hideAllImages ?? false,
    accent: settings?.accent ?? defaultAccent,
  };
}

/**
 * The ids of the first visible blocks of each board `ownerIds` selects (`discoverBlocksPerBoard`),
 * with their owner's and how many visible blocks that owner has in all.
 */
function visibleBlockIdsOf(db: Db, ownerIds: SQLWrapper) {
  const ranked = db
    .select({
      id: blocks.id,
      ownerId: sql<number>`${blocks.userId}`.as('owner_id'),
      rank: sql<number>`row_number() OVER (PARTITION BY ${blocks.userId} ORDER BY ${blocks.position}, ${blocks.id})`.as(
        'rank',
      ),
      visibleCount: sql<number>`count(*) OVER (PARTITION BY ${blocks.userId})`.as('visible_count'),
    })
    .from(blocks)
    .where(and(inArray(blocks.userId, ownerIds), eq(blocks.isVisible, true)))
    .as('ranked');
  return db
    .select({ id: ranked.id, ownerId: ranked.ownerId, visibleCount: ranked.visibleCount })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${discoverBlocksPerBoard}`);
}

/** The first visible blocks of each board `ownerIds` selects, in board order, with their board's count. */
function visibleBlocksOf(db: Db, ownerIds: SQLWrapper) {
  const shown = visibleBlockIdsOf(db, ownerIds).as('shown');
  return db
    .select({ block: blocks, visibleCount: shown.visibleCount })
    .from(blocks)
    .innerJoin(shown, eq(shown.id, blocks.id))
    .orderBy(blocks.position, blocks.id);
}

/**
 * "Trending this week" as the latest rollup ranked it, read by primary key. Visibility is checked
 * again here, so a block hidden or a board gone private since the rollup leaves at once.
 */
export async function findTrendingBlocks(db: Db, category: CategoryKey | undefined) {
  const rows = await db
    .select({
      block: blocks,
      user: users,
      settings: boardSettings,
      weeklyCount: trendingBlocks.score,
    })
    .from(trendingBlocks)
    .innerJoin(blocks, eq(blocks.id, trendingBlocks.blockId))
    .innerJoin(users, eq(users.id, blocks.userId))
    .leftJoin(boardSettings, eq(boardSettings.userId, users.id))
    .where(
      and(
        eq(trendingBlocks.scope, scopeOf(category)),
        eq(blocks.isVisible, true),
        eq(users.isPublic, true),
        isNotNull(users.establishedAt),
        eq(users.keptOffDiscover, false),
      ),
    )
    .orderBy(trendingBlocks.rank);
  return {
    trending: rows.map(({ block, user, settings, weeklyCount }) => ({
      block,
      user,
      board: boardLook(settings),
      weeklyCount,
    })),
  };
}

/**
 * What the week did to each block: a copy of it, or a start (moving to Now, or being added there)
 * of it or of a copy of it. A copy's story belongs to the block it came from: people picking up
 * the same thing is what makes it trend.
 */
function weeksActivity(since: number) {
  return sql`
    SELECT ${blockCopies.sourceBlockId} AS block_id FROM ${blockCopies}
    WHERE ${blockCopies.createdAt} >= ${since}
    UNION ALL
    SELECT coalesce(${blocks.copiedFromBlockId}, ${blocks.id}) FROM ${blockStoryEvents}
    JOIN ${blocks} ON ${blocks.id} = ${blockStoryEvents.blockId}
    WHERE ${blockStoryEvents.kind} = 'started' AND ${blockStoryEvents.at} >= ${since}`;
}

/**
 * How old a new account must be, besides proven, before Discover and trending list it
 * (`NEW_ACCOUNT_HOLD_HOURS`, a day unless set).
 */
export function newAccountHoldMs(env: Pick<Env, 'NEW_ACCOUNT_HOLD_HOURS'>): number {
  const hours = Number.parseFloat(env.NEW_ACCOUNT_HOLD_HOURS);
  return hours >= 0 ? hours * 60 * 60 * 1000 : dayMs;
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Accounts whose address is proven and that are a day old become established: listed from now on,
 * their links followed. Read from `users_awaiting_establishment`, which holds only proven accounts
 * not yet established (a day's sign-ups at most): an unproven account is never read.
 */
function establishAccounts(db: Db, now: number, holdMs: number) {
  return db
    .update(users)
    .set({ establishedAt: new Date(now) })
    .where(
      and(
        sql`${users.establishedAt} IS NULL AND ${users.emailVerified} = 1`,
        lte(users.createdAt, new Date(now - holdMs)),
      ),
    );
}

/**
 * Discover's rollup (a cron every 10 minutes): accounts established since the last one, the
 * trending blocks of every scope and the number of boards each scope lists, so no request counts
 * a week of activity or a million boards. One batch: readers see the previous rollup or this one,
 * never half of it.
 */
export async function rollUpDiscover(db: Db, now = Date.now(), holdMs = dayMs) {
  await db.batch([
    establishAccounts(db, now, holdMs),
    db.delete(trendingBlocks),
    rawRun(
      db,
      sql`INSERT INTO ${trendingBlocks} (scope, rank, block_id, score)
      WITH activity AS (${weeksActivity(now - trendingWindowMs)}),
      scored AS (
        SELECT ${blocks.id} AS block_id, ${blocks.category} AS category, count(*) AS score
        FROM activity JOIN ${blocks} ON ${blocks.id} = activity.block_id
        JOIN ${users} ON ${users.id} = ${blocks.userId}
        WHERE ${blocks.isVisible} = 1 AND ${users.isPublic} = 1 AND ${users.keptOffDiscover} = 0
          AND ${users.establishedAt} IS NOT NULL
        GROUP BY ${blocks.id}
      ),
      ranked AS (
        SELECT 'all' AS scope, block_id, score,
          row_number() OVER (ORDER BY score DESC, block_id DESC) AS rank FROM scored
        UNION ALL
        SELECT category, block_id, score,
          row_number() OVER (PARTITION BY category ORDER BY score DESC, block_id DESC) FROM scored
      )
      SELECT scope, rank, block_id, score FROM ranked WHERE rank <= ${trendingPerScope}`,
    ),
    db.delete(discoverTotals),
    rawRun(
      db,
      sql`INSERT INTO ${discoverTotals} (scope, boards, counted_at)
      SELECT 'all', count(*), ${now} FROM ${users} WHERE ${listed(undefined)}
      UNION ALL
      SELECT ${blocks.category}, count(DISTINCT ${blocks.userId}), ${now}
      FROM ${blocks} JOIN ${users} ON ${users.id} = ${blocks.userId}
      WHERE ${blocks.isVisible} = 1 AND ${listed(undefined)}
      GROUP BY ${blocks.category}`,
    ),
  ]);
}
