import { sql } from 'drizzle-orm';
import {
  type BlockStatus,
  handEditedFields,
  storyKindOfStatus,
} from '../../../schema/block-values';
import type { BlockInput } from '../../../schema/blocks';
import { type Db, rawAll, rawRun } from '../../platform/db';
import { searchRowOf } from '../discover/discover';
import { positionGap } from './blocks';

/**
 * Writes of many blocks at once, for the writers that bring them in bulk (imports, sources): each
 * is one statement whatever the number of blocks, its rows a JSON array in a single bound
 * parameter (D1 binds at most 100 per statement). They are statements, not commits: the writer
 * puts them in the batch of its change (domain/board-changes), beside its own records.
 */

/** A block brought in from elsewhere, known by its key there (`goodreads:<id>`, a feed's item). */
export type BroughtBlock = {
  importKey: string;
  block: BlockInput;
  /** When it was added where it came from, and when it entered its status; now when unknown. */
  addedAt: number | null;
  statusAt: number | null;
};

const field = (name: string) => sql.raw(`json_extract(e.value, '$.${name}')`);

/**
 * The blocks new to the board, after its last one, each unless the board has a block of its key
 * already (an import sent twice, a source's second check at once) or `unless` says otherwise;
 * answers the ids and keys of the blocks it made. A block is visible unless `hidden`.
 */
function insertBrought(
  db: Db,
  userId: number,
  brought: BroughtBlock[],
  at: number,
  { hidden, unless }: { hidden: boolean; unless: ReturnType<typeof sql> },
) {
  const rows = brought.map(({ importKey, block, statusAt }) => ({
    importKey,
    ...block,
    progressEnabled: block.progressEnabled ?? true,
    statusSince: statusAt ?? at,
  }));
  return rawAll<{ id: number; importKey: string }>(
    db,
    sql`
    INSERT INTO blocks (user_id, position, type, category, emoji, label, title, subtitle,
      description, external_url, image_url, status, progress, progress_enabled, is_visible, rating,
      review, status_since, import_key, created_at, updated_at)
    SELECT ${userId},
      (SELECT COALESCE(MAX(position), 0) FROM blocks WHERE user_id = ${userId})
        + (e.key + 1) * ${positionGap},
      ${field('type')}, ${field('category')}, ${field('emoji')}, ${field('label')},
      ${field('title')}, ${field('subtitle')}, ${field('description')}, ${field('externalUrl')},
      ${field('imageUrl')}, ${field('status')}, ${field('progress')}, ${field('progressEnabled')},
      ${hidden ? 0 : 1}, ${field('rating')}, ${field('review')}, ${field('statusSince')},
      ${field('importKey')}, ${at}, ${at}
    FROM json_each(${JSON.stringify(rows)}) AS e
    WHERE NOT (${unless})
    ON CONFLICT DO NOTHING
    RETURNING id, import_key AS importKey`,
  );
}

/**
 * The story of each block `insertBrought` made (at `at`): added when it was added where it came
 * from, then in its status since then. A block already there has its own story already.
 */
function startBroughtStories(db: Db, userId: number, brought: BroughtBlock[], at: number) {
  const events = brought.flatMap(({ importKey, block, addedAt, statusAt }) => [
    { importKey, kind: 'added', at: addedAt ?? at },
    { importKey, kind: storyKindOfStatus[block.status ?? 'now'], at: statusAt ?? at },
  ]);
  return rawRun(
    db,
    sql`
    INSERT INTO block_story_events (user_id, block_id, kind, at)
    SELECT b.user_id, b.id, ${field('kind')}, ${field('at')}
    FROM json_each(${JSON.stringify(events)}) AS e
    -- CROSS: each row finds its block by the key's index; the other way round walks the board
    -- once a row, 20,000 rows over 20,000 blocks.
    CROSS JOIN blocks AS b ON b.user_id = ${userId} AND b.created_at = ${at}
      AND b.import_key = ${field('importKey')}
    WHERE NOT EXISTS (SELECT 1 FROM block_story_events AS told WHERE told.block_id = b.id)
    ORDER BY e.key`,
  );
}

/**
 * Discover's index of the board's titles, rewritten once for all the blocks the batch brought: the
 * per-block trigger stands aside while the board is marked (migrations, board_bulk_writes), which
 * for 20,000 blocks would rewrite a growing list of titles 20,000 times.
 */
function markBulkWrite(db: Db, userId: number) {
  return rawRun(db, sql`INSERT OR IGNORE INTO board_bulk_writes (user_id) VALUES (${userId})`);
}

function reindexTitles(db: Db, userId: number) {
  const news = sql`(SELECT last_activity_at FROM users WHERE id = ${userId})`;
  const visible = sql`blocks WHERE user_id = ${userId} AND is_visible = 1`;
  return [
    rawRun(db, sql`DELETE FROM board_bulk_writes WHERE user_id = ${userId}`),
    // The board's row is under its news key (migration 0043); FTS5 reads a range with a null end
    // as the whole table, so a board with no news (not in the index) asks for none.
    rawRun(
      db,
      sql`UPDATE board_search SET
        block_titles = (SELECT group_concat(title, ' ') FROM ${visible}),
        categories = (SELECT group_concat(DISTINCT category) FROM ${visible})
      WHERE ${news} IS NOT NULL AND ${searchRowOf(userId, news)}`,
    ),
  ] as const;
}

/** Where, among `bringBlocks`' statements, the one answering the blocks it made stands. */
export const broughtBlocksAt = 1;

/** The statements that bring `brought` onto the board, each with its story. */
export function bringBlocks(
  db: Db,
  userId: number,
  brought: BroughtBlock[],
  at: number,
  { hidden = false, unless = sql`0` }: { hidden?: boolean; unless?: ReturnType<typeof sql> } = {},
) {
  return [
    markBulkWrite(db, userId),
    insertBrought(db, userId, brought, at, { hidden, unless }),
    startBroughtStories(db, userId, brought, at),
    ...reindexTitles(db, userId),
  ] as const;
}

/** A move a writer from elsewhere makes: the block, where to, since when, and whether its progress is the owner's. */
export type BroughtMove = {
  blockId: number;
  status: BlockStatus;
  since: number;
  keepProgress: boolean;
};

/**
 * Moves blocks to the statuses `moves` name, with the story a move by hand tells (dated `at`):
 * Done is 100 and Planned 0, unless the progress is the owner's to keep. A block already in its
 * new status is left as it is. Answers the ids of the blocks moved, from the story it told.
 */
export function moveBroughtBlocks(db: Db, userId: number, moves: BroughtMove[], at: number) {
  const rows = JSON.stringify(moves);
  const moving = sql`FROM json_each(${rows}) AS e
    JOIN blocks AS b ON b.id = ${field('blockId')} AND b.user_id = ${userId}
    WHERE b.status <> ${field('status')}`;
  return [
    rawAll<{ blockId: number }>(
      db,
      sql`
      INSERT INTO block_story_events (user_id, block_id, kind, at)
      SELECT b.user_id, b.id, CASE ${field('status')} WHEN 'done' THEN ${storyKindOfStatus.done}
        WHEN 'planned' THEN ${storyKindOfStatus.planned} ELSE ${storyKindOfStatus.now} END,
        ${at} ${moving}
      RETURNING block_id AS blockId`,
    ),
    rawRun(
      db,
      sql`
      UPDATE blocks SET status = m.status, status_since = m.since, updated_at = ${at},
        progress = CASE WHEN m.keepProgress THEN blocks.progress
          WHEN m.status = 'done' THEN 100 WHEN m.status = 'planned' THEN 0
          ELSE blocks.progress END
      FROM (SELECT b.id, ${field('status')} AS status, ${field('since')} AS since,
        ${field('keepProgress')} AS keepProgress ${moving}) AS m
      WHERE blocks.id = m.id`,
    ),
  ] as const;
}

/**
 * New words for a block from where it came from; a null title keeps the block's (the owner's).
 * A field left out (undefined) keeps the block's; a null one clears it.
 */
export type BroughtText = {
  blockId: number;
  title: string | null;
  subtitle: string | null;
  externalUrl: string | null;
  rating?: number | null;
  review?: string | null;
  description?: string | null;
  /** A newer viewing of a film: when it was seen again. */
  statusSince?: number;
};

/** The row's `name` when the row has it (null included), else the block's column. */
const given = (name: string, column: string) =>
  sql.raw(
    `CASE WHEN json_type(e.value, '$.${name}') IS NULL THEN blocks.${column} ELSE json_extract(e.value, '$.${name}') END`,
  );

/** Follows the title, subtitle and link of blocks whose origin changed them, and what else it gives. */
export function retextBroughtBlocks(db: Db, userId: number, texts: BroughtText[], at: number) {
  return rawRun(
    db,
    sql`
    UPDATE blocks SET updated_at = ${at}, title = COALESCE(${field('title')}, blocks.title),
      subtitle = ${field('subtitle')}, external_url = ${field('externalUrl')},
      rating = ${given('rating', 'rating')}, review = ${given('review', 'review')},
      description = ${given('description', 'description')},
      status_since = ${given('statusSince', 'status_since')}
    FROM json_each(${JSON.stringify(texts)}) AS e
    WHERE blocks.id = ${field('blockId')} AND blocks.user_id = ${userId}`,
  );
}

const statusOrder: Record<BlockStatus, number> = { planned: 0, now: 1, done: 2 };

/** What a writer from elsewhere says of a work the board holds already (decision 0050). */
export type BroughtNews = {
  blockId: number;
  status: BlockStatus;
  statusAt: number | null;
  rating: number | null;
  review: string | null;
};

/**
 * Brings a block the board had already up to what its work's origin now says: a later status
 * (Planned → Now → Done, never back: the board may know more than an old file), with its date;
 * a rating and a review where it gives one. What the owner edited by hand (`known.handEdited`,
 * read again by the statement) stays theirs.
 */
export function updateKnownBlocks(
  db: Db,
  userId: number,
  news: (BroughtNews & { known: { status: BlockStatus; handEdited: number } })[],
  at: number,
) {
  const moves = news.flatMap(({ blockId, status, statusAt, known }) =>
    statusOrder[status] > statusOrder[known.status] && !(known.handEdited & handEditedFields.status)
      ? [
          {
            blockId,
            status,
            since: statusAt ?? at,
            keepProgress: (known.handEdited & handEditedFields.progress) !== 0,
          },
        ]
      : [],
  );
  const words = JSON.stringify(news.filter((item) => item.rating !== null || item.review));
  const ownBit = (bit: number, column: string) =>
    sql.raw(
      `CASE WHEN blocks.hand_edited & ${bit} THEN blocks.${column} ELSE coalesce(json_extract(e.value, '$.${column}'), blocks.${column}) END`,
    );
  // Only a block whose words change is touched: an import sent again leaves the board as it is.
  return [
    ...moveBroughtBlocks(db, userId, moves, at),
    rawRun(
      db,
      sql`
      UPDATE blocks SET updated_at = ${at},
        rating = ${ownBit(handEditedFields.rating, 'rating')},
        review = ${ownBit(handEditedFields.review, 'review')}
      FROM json_each(${words}) AS e
      WHERE blocks.id = ${field('blockId')} AND blocks.user_id = ${userId}
        AND (${ownBit(handEditedFields.rating, 'rating')} IS NOT blocks.rating
          OR ${ownBit(handEditedFields.review, 'review')} IS NOT blocks.review)`,
    ),
  ] as const;
}

/** The ISBNs of blocks just brought (found by their import key), kept as keys of their work. */
export function recordIsbns(db: Db, userId: number, isbns: { importKey: string; isbn: string }[]) {
  return rawRun(
    db,
    sql`
    INSERT OR IGNORE INTO block_works (user_id, work, block_id)
    SELECT ${userId}, 'isbn:' || ${field('isbn')}, b.id
    FROM json_each(${JSON.stringify(isbns)}) AS e
    CROSS JOIN blocks AS b ON b.user_id = ${userId} AND b.import_key = ${field('importKey')}`,
  );
}
