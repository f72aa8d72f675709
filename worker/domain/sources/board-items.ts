import { sql } from 'drizzle-orm';
import { handEditedFields, timesWatchedIn, timesWatchedNote } from '../../../schema/block-values';
import { type Db, rawRun } from '../../platform/db';
import { refuseFullBoard, roomOnBoard } from '../blocks/blocks';
import {
  type BroughtBlock,
  bringBlocks,
  broughtBlocksAt,
  moveBroughtBlocks,
  retextBroughtBlocks,
  updateKnownBlocks,
} from '../blocks/bulk';
import { findWorks } from '../blocks/works';
import { type BoardWriter, commitChange } from '../board-changes/record';
import { copyOutsideImage } from '../images/outside-image';
import type { FeedEntry } from './feed-formats';
import { blockOfEntry, fingerprintOf } from './mapping';

/** The source whose items are written, as far as writing them needs. */
export type SourceWriter = {
  sourceId: number;
  startHidden: boolean;
  allowPrivate: boolean;
};

/** What a check changed on the board. */
export type BoardChanges = { made: number; moved: number; updated: number };

type KnownItem = {
  itemKey: string;
  status: string;
  fingerprint: string;
  blockId: number | null;
  /** Null once the source that made it was removed. */
  sourceId: number | null;
  handEdited: number;
  /** Its block's status date and description, for a film seen again. */
  statusSince: number | null;
  description: string | null;
};

// Pictures copied in one check: each is a fetch and an R2 write (decision 0025's limit for covers).
const maxImagesPerCheck = 40;
const imagesAtOnce = 4;

/** The items of these keys the board already has from a source (deleted blocks included). */
async function knownItems(db: Db, userId: number, keys: string[]): Promise<Map<string, KnownItem>> {
  const { results } = await db.$client
    .prepare(
      `SELECT si.item_key AS itemKey, si.status, si.fingerprint, si.block_id AS blockId,
        si.source_id AS sourceId, coalesce(b.hand_edited, 0) AS handEdited, b.status_since AS statusSince,
        b.description
      FROM source_items AS si LEFT JOIN blocks AS b ON b.id = si.block_id
      WHERE si.user_id = ?1 AND si.item_key IN (SELECT value FROM json_each(?2))`,
    )
    .bind(userId, JSON.stringify(keys))
    .all<KnownItem>();
  return new Map(results.map((item) => [item.itemKey, item]));
}

/** Each entry's picture, copied into our store (never hotlinked), a few at a time. */
export async function copyPictures(
  env: Env,
  writer: { userId: number; allowPrivate: boolean },
  entries: FeedEntry[],
  atMost = maxImagesPerCheck,
) {
  const copied = new Map<string, string>();
  const queue = entries.filter((entry) => entry.imageUrl).slice(0, atMost);
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const url = await copyOutsideImage(
        env,
        'blocks',
        writer.userId,
        next.imageUrl as string,
        writer.allowPrivate,
      );
      if (url) copied.set(next.key, url);
    }
  };
  await Promise.all(Array.from({ length: imagesAtOnce }, worker));
  return copied;
}

const field = (name: string) => sql.raw(`json_extract(e.value, '$.${name}')`);

/** The records of items whose block is `blockId` (null: the block of the item's key). */
function recordMade(
  db: Db,
  userId: number,
  source: SourceWriter,
  items: { entry: FeedEntry; blockId: number | null }[],
) {
  const records = JSON.stringify(
    items.map(({ entry, blockId }) => ({
      key: entry.key,
      blockId,
      status: entry.shelf,
      fingerprint: fingerprintOf(entry),
    })),
  );
  return rawRun(
    db,
    sql`
    INSERT INTO source_items (user_id, item_key, source_id, block_id, status, fingerprint)
    SELECT ${userId}, ${field('key')}, ${source.sourceId}, b.id, ${field('status')}, ${field('fingerprint')}
    FROM json_each(${records}) AS e
    JOIN blocks AS b ON b.user_id = ${userId}
      AND b.id = coalesce(${field('blockId')}, (SELECT id FROM blocks AS keyed
        WHERE keyed.user_id = ${userId} AND keyed.import_key = ${field('key')}))
    WHERE true
    ON CONFLICT DO NOTHING`,
  );
}

/**
 * The statements that make the blocks of items new to the board, so that an item makes at most
 * one block ever, whatever runs at the same time: its block unless the board has a record of its
 * item (a block the owner deleted) or a block of its key (a second check at once), and the
 * record of each item, pointing at its block. An item whose work the board holds already (by
 * hand, an import, another source: decision 0050) makes none: its record points at that block,
 * which it brings up to date. The first statement answers the blocks made.
 */
async function makeBlocks(
  board: BoardWriter,
  source: SourceWriter,
  fresh: FeedEntry[],
  at: number,
) {
  const { db, env, userId } = board;
  const readable = fresh.flatMap((entry) => {
    const block = blockOfEntry(entry);
    return block ? [{ entry, block }] : [];
  });
  const found = await findWorks(
    db,
    userId,
    readable.map(({ entry, block }) => ({ ...block, importKey: entry.key })),
  );
  const known = readable.flatMap(({ entry }, index) => {
    const on = found[index];
    return on ? [{ entry, on }] : [];
  });
  const taken = readable
    .filter((_, index) => !found[index])
    .slice(0, Math.max(0, await roomOnBoard(db, userId)));
  const pictures =
    taken.length === 0
      ? new Map<string, string>()
      : await copyPictures(
          env,
          { userId, allowPrivate: source.allowPrivate },
          taken.map(({ entry }) => entry),
        );
  const brought: BroughtBlock[] = taken.map(({ entry, block }) => ({
    importKey: entry.key,
    block: { ...block, imageUrl: pictures.get(entry.key) } as BroughtBlock['block'],
    addedAt: at,
    statusAt: entry.statusAt ?? at,
  }));
  const unless = sql`EXISTS (SELECT 1 FROM source_items AS si
    WHERE si.user_id = ${userId} AND si.item_key = ${field('importKey')})`;
  const news = known.map(({ entry, on }) => ({
    blockId: on.blockId,
    status: entry.shelf,
    statusAt: entry.statusAt,
    rating: entry.rating,
    review: entry.review,
    known: on,
  }));
  return {
    adopted: known.length,
    statements: [
      ...bringBlocks(db, userId, brought, at, { hidden: source.startHidden, unless }),
      recordMade(db, userId, source, [
        ...taken.map(({ entry }) => ({ entry, blockId: null })),
        ...known.map(({ entry, on }) => ({ entry, blockId: on.blockId })),
      ]),
      ...updateKnownBlocks(db, userId, news, at),
    ] as const,
  };
}

/**
 * Takes over the items a removed source made that this one finds again (the same feed connected
 * anew, say): their blocks count among the blocks this source made.
 */
async function claimOrphans(db: Db, userId: number, source: SourceWriter, orphans: FeedEntry[]) {
  await db.$client
    .prepare(
      `UPDATE source_items SET source_id = ?2
      WHERE user_id = ?1 AND source_id IS NULL AND item_key IN (SELECT value FROM json_each(?3))`,
    )
    .bind(userId, source.sourceId, JSON.stringify(orphans.map((entry) => entry.key)))
    .run();
}

const {
  status: statusBit,
  progress: progressBit,
  title: titleBit,
  rating: ratingBit,
  review: reviewBit,
  description: descriptionBit,
} = handEditedFields;

/** Records what the source now says of each of `entries`' items: their shelf, or their fingerprint. */
function recordItems(
  db: Db,
  userId: number,
  entries: FeedEntry[],
  column: 'status' | 'fingerprint',
) {
  const rows = JSON.stringify(
    entries.map((entry) => ({
      key: entry.key,
      value: column === 'status' ? entry.shelf : fingerprintOf(entry),
    })),
  );
  return rawRun(
    db,
    sql`UPDATE source_items SET ${sql.raw(column)} = ${field('value')}
      FROM json_each(${rows}) AS e
      WHERE source_items.user_id = ${userId} AND source_items.item_key = ${field('key')}`,
  );
}

/**
 * The moves of blocks whose items changed shelf (to-read → currently-reading → read: Planned → Now
 * → Done), and the items' new shelves. A block whose status the owner set by hand stays; one whose
 * progress they set keeps it.
 */
function moveBlocks(
  db: Db,
  userId: number,
  known: Map<string, KnownItem>,
  moves: FeedEntry[],
  at: number,
) {
  const movable = moves.flatMap((entry) => {
    const item = known.get(entry.key);
    if (!item?.blockId || item.handEdited & statusBit) return [];
    const keepProgress = (item.handEdited & progressBit) !== 0;
    return [
      { blockId: item.blockId, status: entry.shelf, since: entry.statusAt ?? at, keepProgress },
    ];
  });
  return [
    ...moveBroughtBlocks(db, userId, movable, at),
    recordItems(db, userId, moves, 'status'),
  ] as const;
}

/**
 * A newer diary entry of a film on the board (a rewatch): the film was seen again on that day, and
 * once more than its note says. The date stays when the owner moved the block by hand, the note
 * when they wrote the description.
 */
function newerViewing(entry: FeedEntry, item: KnownItem) {
  if (entry.look !== 'film' || !entry.statusAt || entry.statusAt <= (item.statusSince ?? 0)) {
    return {};
  }
  const note =
    entry.rewatch && !(item.handEdited & descriptionBit)
      ? { description: timesWatchedNote(timesWatchedIn(item.description) + 1) }
      : {};
  return item.handEdited & statusBit ? note : { ...note, statusSince: entry.statusAt };
}

/**
 * Follows items whose title, subtitle, link, rating or review changed at the source (a generic
 * feed's link block shows its latest item), and a film's newer viewing: what the owner edited by
 * hand stays theirs.
 */
function updateBlocks(
  db: Db,
  userId: number,
  known: Map<string, KnownItem>,
  changed: FeedEntry[],
  at: number,
) {
  const texts = changed.flatMap((entry) => {
    const item = known.get(entry.key);
    if (!item?.blockId) return [];
    const title = item.handEdited & titleBit ? null : entry.title;
    const kept = (bit: number) => (item.handEdited & bit) !== 0;
    return [
      {
        blockId: item.blockId,
        title,
        subtitle: entry.subtitle,
        externalUrl: entry.externalUrl,
        ...(kept(ratingBit) ? {} : { rating: entry.rating }),
        ...(kept(reviewBit) ? {} : { review: entry.review }),
        ...newerViewing(entry, item),
      },
    ];
  });
  return [
    retextBroughtBlocks(db, userId, texts, at),
    recordItems(db, userId, changed, 'fingerprint'),
  ] as const;
}

/**
 * Brings the board up to date with a feed's entries, as one change: new items make blocks, items
 * that changed shelf move theirs, items whose text changed update it, items of a removed source
 * are taken over. An item the board knows unchanged writes nothing; one whose block the owner
 * deleted is never made again; one that left the feed is left alone. Reads first to find what
 * changed, and writes only that.
 */
export async function applyEntries(
  board: BoardWriter,
  source: SourceWriter,
  entries: FeedEntry[],
  at = Date.now(),
): Promise<BoardChanges> {
  const { db, userId } = board;
  const known = await knownItems(
    db,
    userId,
    entries.map((entry) => entry.key),
  );
  const orphans = entries.filter((entry) => known.get(entry.key)?.sourceId === null);
  if (orphans.length > 0) await claimOrphans(db, userId, source, orphans);
  const fresh = entries.filter((entry) => !known.has(entry.key));
  const held = entries.filter((entry) => known.get(entry.key)?.blockId != null);
  const moves = held.filter((entry) => known.get(entry.key)?.status !== entry.shelf);
  const changed = held.filter(
    (entry) => known.get(entry.key)?.fingerprint !== fingerprintOf(entry),
  );
  const { adopted, statements: making } =
    fresh.length > 0 ? await makeBlocks(board, source, fresh, at) : { adopted: 0, statements: [] };
  const moving = moves.length > 0 ? moveBlocks(db, userId, known, moves, at) : [];
  const updating = changed.length > 0 ? updateBlocks(db, userId, known, changed, at) : [];
  const [first, ...rest] = [...making, ...moving, ...updating];
  if (!first) return { made: 0, moved: 0, updated: 0 };
  const { results } = await commitChange(board, 'blocks', [first, ...rest]).catch(
    (error: unknown) => refuseFullBoard(error, 'Your board is full: delete a block to make room.'),
  );
  const made = making.length > 0 ? (results[broughtBlocksAt] as unknown[]).length : 0;
  const movedAt = making.length;
  const moved = moving.length > 0 ? (results[movedAt] as unknown[]).length : 0;
  return { made, moved, updated: changed.length + adopted };
}
