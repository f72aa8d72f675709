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
 * The FTS5 index of public boards (migrations 0008 and 0010, kept by triggers): rowid is the
 * owner's id, and prefixes of 1 to 3 characters have lists of their own. Not in schema/tables.ts,
 * so drizzle-kit leaves the virtual table to the hand-written migrations.
 */
const boardSearch = sqliteTable('board_search', { rowid: integer('rowid').notNull() });

/** Every board Discover counts, or one category's. */
const scopeOf = (category: CategoryKey | undefined) => category ?? 'all';

/** The longest prefix with a list of its own in the index (`prefix = '1 2 3'`, migration 0010). */
const indexedPrefixAtMost = 3;

/**
 * A person's search as FTS5 queries, all words required: `prefixes` takes each word as a quoted
 * prefix ("port" finds "Portuguese"); `streamed` only the words the index reads one list for,
 * which can stop as soon as it has enough: a short word as a prefix ("rea"), a longer one whole
 * ("reading"). Quoting leaves FTS5 no operator, column filter or syntax to read in what was typed;
 * null when nothing typed can be a word (only punctuation), which matches nothing.
 */
type SearchMatch = { prefixes: string; streamed: string };

function searchMatchOf(text: string): SearchMatch | null {
  const words = text.match(/[\p{L}\p{N}\p{M}]+/gu)?.slice(0, searchWordsAtMost);
  if (!words) return null;
  return {
    prefixes: words.map((word) => `"${word}"*`).join(' '),
    streamed: words
      .map((word) => ([...word].length > indexedPrefixAtMost ? `"${word}"` : `"${word}"*`))
      .join(' '),
  };
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

/**
 * A search whose streamed words find more boards than this is read in news order instead
 * (`searchedDensely`); no search counts further, and a count that stops here is shown as a floor:
 * counting the 999,000 boards a common word finds is no request's work.
 */
export const searchCountAtMost = 5000;

const matches = (match: string | SQL) => sql`${boardSearch} MATCH ${match}`;

/** FTS5's empty phrase: matches no board, and costs the index no read. */
const matchesNothing = '""';

/**
 * A search's matches, as two parts of one statement. `streamed`: how many boards the streamed
 * words find, no further than one past the cap (1-2 ms even for a word on 999 boards in 1000).
 * `hits`: the boards the prefixes find, newest accounts first and no more than one past the cap,
 * or none when the streamed words found more: then a longer prefix is not matched at all, since
 * FTS5 would first gather the list of every word it covers (0.1 s for "reading*").
 */
function searchMatches(db: Db, match: SearchMatch) {
  const streamed = db.$with('streamed').as(
    db.select({ hits: sql<number>`count(*)`.as('streamed_hits') }).from(
      db
        .select({ id: boardSearch.rowid })
        .from(boardSearch)
        .where(matches(match.streamed))
        .limit(searchCountAtMost + 1)
        .as('streamed_matches'),
    ),
  );
  const isRare = sql`(SELECT ${streamed.hits} FROM ${streamed}) <= ${searchCountAtMost}`;
  const hits = db.$with('hits').as(
    db
      .select({ id: boardSearch.rowid })
      .from(boardSearch)
      // In the match itself: a condition beside it would come after FTS5 had gathered the lists.
      .where(matches(sql`iif(${isRare}, ${match.prefixes}, ${matchesNothing})`))
      .orderBy(desc(boardSearch.rowid))
      .limit(searchCountAtMost + 1),
  );
  return { streamed, hits };
}

/**
 * A rare search's page, its blocks and its counts in one statement that reads the index once.
 * Each match is looked up by id (CROSS JOIN keeps that order: walking every board in news order
 * and asking the index about each would read them all for a search that finds nothing); the
 * listed ones are counted and the page sorted by news from them, so a long prefix that covers
 * common words ("read" over "reading") sorts 5,000 boards, not a million. The counts sit on a row
 * of their own, so they come even when the page is empty; the page's boards come a row per block.
 */
function rareSearchRows(db: Db, match: SearchMatch, query: DiscoverQuery) {
  const { streamed, hits } = searchMatches(db, match);
  // Each match's board is looked up once, for the count and the page: the window keeps SQLite
  // from folding this join into both of its readers, and it is kept (materialised) instead.
  const matched = db.$with('matched').as(
    db
      .select({
        id: users.id,
        lastActivityAt: users.lastActivityAt,
        listed: sql<number>`count(*) OVER ()`.as('listed'),
      })
      .from(hits)
      .crossJoin(users)
      .where(and(eq(users.id, hits.id), listed(query.category))),
  );
  const counted = db.$with('counted').as(
    db
      .select({
        listed: sql<number>`coalesce(max(${matched.listed}), 0)`.as('listed_in_all'),
        hits: sql<number>`(SELECT count(*) FROM ${hits})`.as('hits'),
        streamed: sql<number>`(SELECT ${streamed.hits} FROM ${streamed})`.as('streamed'),
      })
      .from(matched),
  );
  const onPage = db.$with('on_page').as(
    db
      .select({ id: matched.id })
      .from(matched)
      .where(afterCursor(query.cursor, matched))
      .orderBy(...newsFirst(matched))
      .limit(query.limit + 1),
  );
  const pageBlocks = visibleBlockIdsOf(db, db.select({ id: onPage.id }).from(onPage)).as(
    'page_blocks',
  );
  return db
    .with(streamed, hits, matched, counted, onPage)
    .select({
      ...pageColumns,
      block: blocks,
      visibleCount: pageBlocks.visibleCount,
      listed: counted.listed,
      hits: counted.hits,
      streamed: counted.streamed,
    })
    .from(counted)
    .leftJoin(onPage, sql`true`)
    .leftJoin(users, eq(users.id, onPage.id))
    .leftJoin(boardSettings, eq(boardSettings.userId, users.id))
    .leftJoin(pageBlocks, eq(pageBlocks.ownerId, users.id))
    .leftJoin(blocks, eq(blocks.id, pageBlocks.id))
    .orderBy(...newsFirst(), blocks.position, blocks.id);
}

/** Boards matching a rare search, and how many; null when the search is common. A count that stops at the cap is a floor. */
async function searchedSparsely(db: Db, match: SearchMatch, query: DiscoverQuery) {
  const rows = await rareSearchRows(db, match, query);
  const [counts] = rows;
  if (!counts || counts.streamed > searchCountAtMost) return null;
  const page = new Map<number, { owner: UserRow; settings: BoardSettingsRow | null }>();
  for (const { owner, settings } of rows) {
    if (owner && !page.has(owner.id)) page.set(owner.id, { owner, settings });
  }
  return {
    page: [...page.values()],
    blocksOfPage: rows.flatMap(({ block, visibleCount }) =>
      block ? [{ block, visibleCount: visibleCount ?? 0 }] : [],
    ),
    total: Math.min(counts.listed, searchCountAtMost),
    totalIsFloor: counts.hits > searchCountAtMost,
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
 * Boards matching a common search: Discover's news order is walked and the index asked about each
 * board by id, so a page is found after a few dozen boards, not after sorting a million. Streamed
 * words only: for those each board is one seek in a list, for a longer prefix the lists of every
 * word it covers gathered again (100 ms). The count is the cap, shown as a floor.
 */
async function searchedDensely(db: Db, match: SearchMatch, query: DiscoverQuery) {
  const inIndex = sql`EXISTS (SELECT 1 FROM ${boardSearch} WHERE ${boardSearch.rowid} = ${users.id} AND ${matches(match.streamed)})`;
  const onPage = and(listed(query.category), inIndex, afterCursor(query.cursor));
  const [page, blocksOfPage] = await db.batch(newsPage(db, onPage, query.limit));
  return { page, blocksOfPage, total: searchCountAtMost, totalIsFloor: true };
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

/** A search, read as rare or common by how many boards its streamed words find. */
async function searched(db: Db, match: SearchMatch, query: DiscoverQuery) {
  return (await searchedSparsely(db, match, query)) ?? searchedDensely(db, match, query);
}

/**
 * Public boards that show at least one block, the one with the latest news first, with the first
 * six of each board's visible blocks (and how many more it has) and how many boards match in all; paged by cursor, in one round
 * trip to D1 (the page, its blocks, the count). A search is first read as a rare one (its page and
 * counts in one statement, then the page's blocks), and a common one then in news order instead.
 * `q` searches names, bio, tagline and block titles
 * by word prefix (a word longer than 3 characters by whole word when it is common); `category`
 * keeps boards showing a block of it.
 */
export async function discoverBoards(db: Db, query: DiscoverQuery) {
  const match = query.q ? searchMatchOf(query.q) : null;
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
