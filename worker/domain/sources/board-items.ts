import { handEditedFields, storyKindOfStatus } from '../../../schema/block-values';
import { maxBlocksPerBoard } from '../../../schema/blocks';
import { type Db, failedWith } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { copyOutsideImage } from '../images/outside-image';
import type { FeedEntry } from './feed-formats';
import { blockOfEntry, fingerprintOf } from './mapping';

/** The source whose items are written, as far as writing them needs. */
export type Writer = {
  sourceId: number;
  userId: number;
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
};

// Pictures copied in one check: each is a fetch and an R2 write (decision 0025's limit for covers).
const maxImagesPerCheck = 40;
const imagesAtOnce = 4;

/** The items of these keys the board already has from a source (deleted blocks included). */
async function knownItems(db: Db, userId: number, keys: string[]): Promise<Map<string, KnownItem>> {
  const { results } = await db.$client
    .prepare(
      `SELECT item_key AS itemKey, status, fingerprint, block_id AS blockId, source_id AS sourceId
      FROM source_items
      WHERE user_id = ?1 AND item_key IN (SELECT value FROM json_each(?2))`,
    )
    .bind(userId, JSON.stringify(keys))
    .all<KnownItem>();
  return new Map(results.map((item) => [item.itemKey, item]));
}

async function roomOn(db: Db, userId: number): Promise<number> {
  const row = await db.$client
    .prepare('SELECT count(*) AS held FROM blocks WHERE user_id = ?1')
    .bind(userId)
    .first<{ held: number }>();
  return maxBlocksPerBoard - (row?.held ?? 0);
}

/** Each entry's picture, copied into our store (never hotlinked), a few at a time. */
export async function copyPictures(
  env: Env,
  writer: Pick<Writer, 'userId' | 'allowPrivate'>,
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

/**
 * Makes the blocks of items new to the board, in one transaction of three statements, so that an
 * item makes at most one block ever, whatever runs at the same time:
 * 1. the blocks, each unless the board has a record of its item (a block the owner deleted) or a
 *    block of the same import key (ON CONFLICT: a second check at once, an earlier import);
 * 2. their stories, for the blocks this statement made (dated by this check's time);
 * 3. the record of each item, pointing at its block (one already there is adopted).
 */
async function makeBlocks(db: Db, env: Env, writer: Writer, fresh: FeedEntry[], at: number) {
  const room = await roomOn(db, writer.userId);
  const taken = fresh
    .map((entry) => ({ entry, block: blockOfEntry(entry) }))
    .filter((made) => made.block !== null)
    .slice(0, Math.max(0, room));
  if (taken.length === 0) return 0;
  const pictures = await copyPictures(
    env,
    writer,
    taken.map(({ entry }) => entry),
  );
  const rows = taken.map(({ entry, block }) => ({
    ...block,
    key: entry.key,
    imageUrl: pictures.get(entry.key) ?? null,
    statusSince: entry.statusAt ?? at,
    fingerprint: fingerprintOf(entry),
    shelf: entry.shelf,
  }));
  const value = (name: string) => `json_extract(e.value, '$.${name}')`;
  const stories = rows.flatMap((row) => [
    { key: row.key, kind: 'added', at },
    { key: row.key, kind: storyKindOfStatus[row.shelf], at: row.statusSince },
  ]);
  const [inserted] = await db.$client
    .batch([
      db.$client
        .prepare(
          `INSERT INTO blocks (user_id, position, type, category, emoji, label, title, subtitle,
            external_url, image_url, status, progress, progress_enabled, is_visible, rating,
            status_since, import_key, created_at, updated_at)
          SELECT ?1, (SELECT COALESCE(MAX(position), 0) FROM blocks WHERE user_id = ?1) + e.key + 1,
            ${value('type')}, ${value('category')}, ${value('emoji')}, ${value('label')},
            ${value('title')}, ${value('subtitle')}, ${value('externalUrl')}, ${value('imageUrl')},
            ${value('status')}, ${value('progress')}, ${value('progressEnabled')}, ?2,
            ${value('rating')}, ${value('statusSince')}, ${value('key')}, ?3, ?3
          FROM json_each(?4) AS e
          WHERE NOT EXISTS (SELECT 1 FROM source_items AS si
            WHERE si.user_id = ?1 AND si.item_key = ${value('key')})
          ON CONFLICT DO NOTHING
          RETURNING id`,
        )
        .bind(writer.userId, writer.startHidden ? 0 : 1, at, JSON.stringify(rows)),
      db.$client
        .prepare(
          `INSERT INTO block_story_events (user_id, block_id, kind, at)
          SELECT b.user_id, b.id, ${value('kind')}, ${value('at')}
          FROM json_each(?3) AS e
          JOIN blocks AS b ON b.user_id = ?1 AND b.created_at = ?2 AND b.import_key = ${value('key')}
          WHERE NOT EXISTS (SELECT 1 FROM block_story_events AS told WHERE told.block_id = b.id)
          ORDER BY e.key`,
        )
        .bind(writer.userId, at, JSON.stringify(stories)),
      db.$client
        .prepare(
          `INSERT INTO source_items (user_id, item_key, source_id, block_id, status, fingerprint)
          SELECT ?1, b.import_key, ?2, b.id, ${value('status')}, ${value('fingerprint')}
          FROM json_each(?3) AS e
          JOIN blocks AS b ON b.user_id = ?1 AND b.import_key = ${value('key')}
          WHERE true
          ON CONFLICT DO NOTHING`,
        )
        .bind(writer.userId, writer.sourceId, JSON.stringify(rows)),
    ])
    .catch((error: unknown) => {
      if (failedWith(error, 'board_full')) {
        throw new Refusal('conflict', 'Your board is full: delete a block to make room.');
      }
      throw error;
    });
  return inserted?.results.length ?? 0;
}

/**
 * Takes over the items a removed source made that this one finds again (the same feed connected
 * anew, say): their blocks count among the blocks this source made.
 */
async function claimOrphans(db: Db, writer: Writer, orphans: FeedEntry[]) {
  await db.$client
    .prepare(
      `UPDATE source_items SET source_id = ?2
      WHERE user_id = ?1 AND source_id IS NULL AND item_key IN (SELECT value FROM json_each(?3))`,
    )
    .bind(writer.userId, writer.sourceId, JSON.stringify(orphans.map((entry) => entry.key)))
    .run();
}

const statusBit = handEditedFields.status;
const progressBit = handEditedFields.progress;
const titleBit = handEditedFields.title;

/**
 * Moves the blocks of items that changed shelf (to-read → currently-reading → read: Planned → Now
 * → Done, progress 100), with the story a move by hand tells. A block whose status or progress
 * the owner set by hand keeps it.
 */
async function moveBlocks(db: Db, writer: Writer, moves: FeedEntry[], at: number) {
  const rows = JSON.stringify(
    moves.map((entry) => ({
      key: entry.key,
      status: entry.shelf,
      kind: storyKindOfStatus[entry.shelf],
      since: entry.statusAt ?? at,
    })),
  );
  const value = (name: string) => `json_extract(e.value, '$.${name}')`;
  // The source's blocks these entries move, not held by the owner's hand.
  const movable = `FROM json_each(?2) AS e
    JOIN source_items AS si ON si.user_id = ?1 AND si.item_key = ${value('key')}
    JOIN blocks AS b ON b.id = si.block_id
    WHERE si.hand_edited & ${statusBit} = 0 AND b.status <> ${value('status')}`;
  const [told] = await db.$client.batch([
    db.$client
      .prepare(
        `INSERT INTO block_story_events (user_id, block_id, kind, at)
        SELECT b.user_id, b.id, ${value('kind')}, ?3 ${movable}
        RETURNING block_id`,
      )
      .bind(writer.userId, rows, at),
    db.$client
      .prepare(
        `UPDATE blocks SET status = m.status, status_since = m.since, updated_at = ?3,
          progress = CASE WHEN m.handEdited & ${progressBit} <> 0 THEN blocks.progress
            WHEN m.status = 'done' THEN 100 WHEN m.status = 'planned' THEN 0
            ELSE blocks.progress END
        FROM (SELECT b.id, ${value('status')} AS status, ${value('since')} AS since,
          si.hand_edited AS handEdited ${movable}) AS m
        WHERE blocks.id = m.id`,
      )
      .bind(writer.userId, rows, at),
    db.$client
      .prepare(
        `UPDATE source_items SET status = json_extract(e.value, '$.status')
        FROM json_each(?2) AS e
        WHERE source_items.user_id = ?1 AND source_items.item_key = json_extract(e.value, '$.key')`,
      )
      .bind(writer.userId, rows),
  ]);
  return told?.results.length ?? 0;
}

/**
 * Follows items whose title, subtitle or link changed at the source (a generic feed's link block
 * shows its latest item): a title the owner edited by hand stays theirs.
 */
async function updateBlocks(db: Db, writer: Writer, changed: FeedEntry[], at: number) {
  const rows = JSON.stringify(
    changed.map((entry) => ({
      key: entry.key,
      title: entry.title,
      subtitle: entry.subtitle,
      link: entry.externalUrl,
      fingerprint: fingerprintOf(entry),
    })),
  );
  await db.$client.batch([
    db.$client
      .prepare(
        `UPDATE blocks SET updated_at = ?3,
          title = CASE WHEN c.handEdited & ${titleBit} <> 0 THEN blocks.title ELSE c.title END,
          subtitle = c.subtitle, external_url = c.link
        FROM (SELECT si.block_id AS id, si.hand_edited AS handEdited,
            json_extract(e.value, '$.title') AS title, json_extract(e.value, '$.subtitle') AS subtitle,
            json_extract(e.value, '$.link') AS link
          FROM json_each(?2) AS e
          JOIN source_items AS si ON si.user_id = ?1 AND si.item_key = json_extract(e.value, '$.key')
          WHERE si.block_id IS NOT NULL) AS c
        WHERE blocks.id = c.id`,
      )
      .bind(writer.userId, rows, at),
    db.$client
      .prepare(
        `UPDATE source_items SET fingerprint = json_extract(e.value, '$.fingerprint')
        FROM json_each(?2) AS e
        WHERE source_items.user_id = ?1 AND source_items.item_key = json_extract(e.value, '$.key')`,
      )
      .bind(writer.userId, rows),
  ]);
}

/**
 * Brings the board up to date with a feed's entries: new items make blocks, items that changed
 * shelf move theirs, items whose text changed update it, items of a removed source are taken over. An item the board knows unchanged writes
 * nothing; one whose block the owner deleted is never made again; one that left the feed is left
 * alone. Reads first to find what changed, and writes only that.
 */
export async function applyEntries(
  db: Db,
  env: Env,
  writer: Writer,
  entries: FeedEntry[],
  at = Date.now(),
): Promise<BoardChanges> {
  const known = await knownItems(
    db,
    writer.userId,
    entries.map((entry) => entry.key),
  );
  const orphans = entries.filter((entry) => known.get(entry.key)?.sourceId === null);
  if (orphans.length > 0) await claimOrphans(db, writer, orphans);
  const fresh = entries.filter((entry) => !known.has(entry.key));
  const held = entries.filter((entry) => known.get(entry.key)?.blockId != null);
  const moves = held.filter((entry) => known.get(entry.key)?.status !== entry.shelf);
  const changed = held.filter(
    (entry) => known.get(entry.key)?.fingerprint !== fingerprintOf(entry),
  );
  const made = fresh.length > 0 ? await makeBlocks(db, env, writer, fresh, at) : 0;
  const moved = moves.length > 0 ? await moveBlocks(db, writer, moves, at) : 0;
  if (changed.length > 0) await updateBlocks(db, writer, changed, at);
  return { made, moved, updated: changed.length };
}
