import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { type BlockStatus, blockStatuses } from '../../../schema/block-values';
import {
  maxSourcesPerBoard,
  type SourceAnswer,
  type SourceOptions,
  sourceCheckIntervalMs,
} from '../../../schema/sources';
import { sourceItems, sources, users } from '../../../schema/tables';
import { type Db, failedWith } from '../../platform/db';
import { parseLink } from '../../platform/outside-fetch';
import { Refusal } from '../../platform/refusal';
import { findWorks } from '../blocks/works';
import type { BoardWriter } from '../board-changes/record';
import { applyEntries, type BoardChanges, copyPictures } from './board-items';
import { type FeedEntry, type ReadFeed, readFeed, titleOf } from './feed-formats';
import { type FoundFeed, fetchFeed, findFeed } from './fetch-feed';
import { blockOfEntry, entriesTaken, type SourcePlan } from './mapping';
import { lastSlotTime, randomSlot, restAfter } from './schedule';

type SourceRow = typeof sources.$inferSelect;

/** Failures in a row after which a source shows as failing. */
const failingAfter = 3;
/** A source failing this long is paused until its owner resumes it. */
const pauseAfterMs = 7 * 24 * 60 * 60 * 1000;

const notFound = () => new Refusal('not-found', 'This source does not exist or is not yours.');
const allowsPrivate = (env: Env) => env.UNFURL_PRIVATE_ADDRESSES === 'true';

export function planOf(source: Pick<SourceRow, 'shelves' | 'blockPerItem'>): SourcePlan {
  const chosen = JSON.parse(source.shelves) as BlockStatus[];
  return {
    shelves: chosen.length > 0 ? chosen : [...blockStatuses],
    blockPerItem: source.blockPerItem,
  };
}

function stateOf(source: SourceRow): SourceAnswer['state'] {
  if (source.pausedBy) return 'paused';
  return source.failures >= failingAfter ? 'failing' : 'ok';
}

/**
 * When the source was last checked. A check that finds nothing new writes nothing (decision
 * 0032), so for a source checked without trouble it is when the schedule last reached its slot,
 * if that is later than the last check that wrote.
 */
function lastCheckedOf(source: SourceRow, now: number): number | null {
  const written = source.checkedAt?.getTime() ?? null;
  if (written === null || source.pausedBy || source.failures > 0) return written;
  const scheduled = lastSlotTime(source.slot, now);
  const resting = source.notBefore !== null && source.notBefore.getTime() > scheduled;
  return scheduled > written && !resting ? scheduled : written;
}

function answerOf(source: SourceRow, blocksMade: number, now = Date.now()): SourceAnswer {
  const plan = planOf(source);
  const pausedReason =
    source.pausedBy === 'owner' ? 'Paused by you.' : (source.lastError ?? undefined);
  return {
    id: source.id,
    url: source.url,
    kind: source.kind,
    title: source.title,
    state: stateOf(source),
    lastCheckedAt: lastCheckedOf(source, now),
    lastError: source.pausedBy ? pausedReason : (source.lastError ?? undefined),
    blocksMade,
    options: {
      shelves: plan.shelves,
      startHidden: source.startHidden,
      blockPerItem: source.blockPerItem,
    },
  };
}

async function blocksMadeBy(db: Db, sourceId: number): Promise<number> {
  const [row] = await db
    .select({ made: count() })
    .from(sourceItems)
    .where(and(eq(sourceItems.sourceId, sourceId), isNotNull(sourceItems.blockId)));
  return row?.made ?? 0;
}

async function ownedSource(db: Db, userId: number, id: number): Promise<SourceRow> {
  const source = await db
    .select()
    .from(sources)
    .where(and(eq(sources.id, id), eq(sources.userId, userId)))
    .get();
  if (!source) throw notFound();
  return source;
}

export async function listSources(db: Db, userId: number) {
  const rows = await db
    .select({
      source: sources,
      made: sql<number>`(SELECT count(*) FROM ${sourceItems} WHERE ${sourceItems.sourceId} = ${sources.id} AND ${sourceItems.blockId} IS NOT NULL)`,
    })
    .from(sources)
    .where(eq(sources.userId, userId))
    .orderBy(sources.id);
  const now = Date.now();
  return { sources: rows.map(({ source, made }) => answerOf(source, made, now)) };
}

/**
 * Entries of a feed on the board already: a source knows their item, or the board holds their
 * work (whoever made its block: decision 0050).
 */
async function keysOnBoard(db: Db, userId: number, entries: FeedEntry[]): Promise<Set<string>> {
  const { results } = await db.$client
    .prepare(
      `SELECT item_key AS key FROM source_items
        WHERE user_id = ?1 AND item_key IN (SELECT value FROM json_each(?2))`,
    )
    .bind(userId, JSON.stringify(entries.map((entry) => entry.key)))
    .all<{ key: string }>();
  const works = entries.flatMap((entry) => {
    const block = blockOfEntry(entry);
    return block ? [{ entry, work: { ...block, importKey: entry.key } }] : [];
  });
  const found = await findWorks(
    db,
    userId,
    works.map(({ work }) => work),
  );
  const held = works.filter((_, index) => found[index]).map(({ entry }) => entry.key);
  return new Set([...results.map((row) => row.key), ...held]);
}

/** Blocks of a preview whose pictures are copied to show it: the ones a dialog shows at first. */
const picturesPreviewed = 6;

const shelfOrder: BlockStatus[] = ['planned', 'now', 'done'];

function shelvesOf(feed: ReadFeed) {
  return shelfOrder.flatMap((shelf) => {
    const on = feed.entries.filter((entry) => entry.shelf === shelf);
    const name = on[0]?.shelfName;
    return name ? [{ shelf, name, items: on.length }] : [];
  });
}

async function feedAt(env: Env, url: string) {
  const allowPrivate = allowsPrivate(env);
  return findFeed(parseLink(url, allowPrivate), allowPrivate);
}

/** What connecting the feed at `url` would make, with every shelf taken. Writes nothing. */
export async function previewSource(db: Db, env: Env, userId: number, url: string) {
  const found = await feedAt(env, url);
  const plan = { shelves: [...blockStatuses], blockPerItem: false };
  const title = titleOf(found.feed, found.url);
  const entries = entriesTaken({ ...found.feed, title }, found.url, plan);
  const onBoard = await keysOnBoard(db, userId, entries);
  // The pictures a preview shows first, copied here as unfurl copies a page's: never hotlinked.
  const shown = entries.filter((entry) => blockOfEntry(entry)).slice(0, picturesPreviewed);
  const pictures = await copyPictures(env, { userId, allowPrivate: allowsPrivate(env) }, shown);
  return {
    url: found.url,
    kind: found.feed.kind,
    site: found.site,
    title,
    shelves: shelvesOf(found.feed),
    blocks: entries.flatMap((entry) => {
      const block = blockOfEntry(entry);
      if (!block) return [];
      return [
        {
          category: block.category,
          type: block.type,
          status: entry.shelf,
          title: block.title,
          subtitle: block.subtitle ?? null,
          imageUrl: pictures.get(entry.key) ?? null,
          onBoard: onBoard.has(entry.key),
        },
      ];
    }),
  };
}

function optionColumns(options: SourceOptions) {
  return {
    ...(options.shelves && { shelves: JSON.stringify(options.shelves) }),
    ...(options.startHidden !== undefined && { startHidden: options.startHidden }),
    ...(options.blockPerItem !== undefined && { blockPerItem: options.blockPerItem }),
  };
}

const alreadyConnected = 'This feed is already connected to your board.';
const tooManySources = `A board takes at most ${maxSourcesPerBoard} sources: remove one to add another.`;

/**
 * Connects a feed to the owner's board and makes its blocks at once; from then on the schedule
 * checks it. The board's limit of sources is a trigger (migrations), so two at once cannot pass it.
 */
export async function addSource(
  board: BoardWriter,
  url: string,
  options: SourceOptions,
): Promise<SourceAnswer> {
  const { db, env, userId } = board;
  const found = await feedAt(env, url);
  const now = Date.now();
  const source = await db
    .insert(sources)
    .values({
      userId,
      url: found.url,
      kind: found.feed.kind,
      title: titleOf(found.feed, found.url),
      slot: randomSlot(),
      ...optionColumns(options),
    })
    .returning()
    .get()
    .catch((error: unknown) => {
      if (failedWith(error, 'UNIQUE constraint failed')) {
        throw new Refusal('conflict', alreadyConnected, { fields: { url: alreadyConnected } });
      }
      if (failedWith(error, 'sources_full')) throw new Refusal('conflict', tooManySources);
      throw error;
    });
  const checked = await applyFeed(board, source, found, now);
  return answerOf(checked.source, await blocksMadeBy(db, source.id), now);
}

/**
 * Applies a feed just read to the board, and records what its server said for the next
 * conditional GET, and that the source is well.
 */
async function applyFeed(board: BoardWriter, source: SourceRow, found: FoundFeed, now: number) {
  const { db, env } = board;
  const entries = entriesTaken(
    { ...found.feed, title: titleOf(found.feed, source.url) },
    source.url,
    planOf(source),
  );
  const writer = {
    sourceId: source.id,
    startHidden: source.startHidden,
    allowPrivate: allowsPrivate(env),
  };
  const changes = await applyEntries(board, writer, entries, now);
  const recorded = await db
    .update(sources)
    .set({
      etag: found.validators.etag,
      lastModified: found.validators.lastModified,
      bodyHash: found.bodyHash,
      checkedAt: new Date(now),
      failures: 0,
      failingSince: null,
      lastError: null,
      notBefore: null,
      pausedBy: source.pausedBy === 'failures' ? null : source.pausedBy,
    })
    .where(eq(sources.id, source.id))
    .returning()
    .get();
  return { source: recorded ?? source, changes };
}

/** Records a failed check: backoff, failing after a few, paused after 7 days of them. */
async function recordFailure(
  db: Db,
  source: SourceRow,
  error: string,
  retryAfterMs: number | null,
  now: number,
) {
  const failures = source.failures + 1;
  const failingSince = source.failingSince?.getTime() ?? now;
  const pause = now - failingSince >= pauseAfterMs;
  return (
    (await db
      .update(sources)
      .set({
        failures,
        failingSince: new Date(failingSince),
        lastError: pause ? `Paused after 7 days of failures: ${error}` : error,
        checkedAt: new Date(now),
        notBefore: new Date(now + restAfter(failures, retryAfterMs)),
        pausedBy: pause ? 'failures' : source.pausedBy,
      })
      .where(eq(sources.id, source.id))
      .returning()
      .get()) ?? source
  );
}

/** What one check did. `wrote`: anything was written (a check that finds nothing new writes nothing). */
export type CheckResult = {
  source: SourceRow;
  changes: BoardChanges;
  unchanged: boolean;
  wrote: boolean;
};

const nothing: BoardChanges = { made: 0, moved: 0, updated: 0 };

/**
 * Checks a source: a conditional GET (a 304, or the same body as last time, writes nothing unless
 * the source was failing), then the board brought up to date with what is new.
 */
export async function checkSource(
  board: BoardWriter,
  source: SourceRow,
  now = Date.now(),
): Promise<CheckResult> {
  const { db, env } = board;
  const link = new URL(source.url);
  const allowPrivate = allowsPrivate(env);
  const fetched = await fetchFeed(
    link,
    { etag: source.etag, lastModified: source.lastModified },
    { allowPrivate, now },
  );
  const quiet = (unchanged: boolean): CheckResult => ({
    source,
    changes: nothing,
    unchanged,
    wrote: false,
  });
  if (fetched.outcome === 'failed') {
    const failed = await recordFailure(db, source, fetched.error, fetched.retryAfterMs, now);
    return { source: failed, changes: nothing, unchanged: false, wrote: true };
  }
  const wasUnwell = source.failures > 0 || source.pausedBy === 'failures';
  const same = fetched.outcome === 'unchanged' || fetched.bodyHash === source.bodyHash;
  if (same && !wasUnwell) return quiet(true);
  if (fetched.outcome === 'unchanged') {
    const recovered = await db
      .update(sources)
      .set({
        failures: 0,
        failingSince: null,
        lastError: null,
        notBefore: null,
        checkedAt: new Date(now),
        pausedBy: source.pausedBy === 'failures' ? null : source.pausedBy,
      })
      .where(eq(sources.id, source.id))
      .returning()
      .get();
    return { source: recovered ?? source, changes: nothing, unchanged: true, wrote: true };
  }
  const feed = readFeed(fetched.text, fetched.url);
  if (!feed) {
    const message = 'The feed no longer reads as a feed.';
    const failed = await recordFailure(db, source, message, null, now);
    return { source: failed, changes: nothing, unchanged: false, wrote: true };
  }
  const found = {
    feed,
    url: fetched.url,
    validators: fetched.validators,
    bodyHash: fetched.bodyHash,
  };
  const applied = await applyFeed(board, source, found, now);
  return { ...applied, unchanged: same, wrote: true };
}

/**
 * "Check now": at most once a minute per source, claimed by one conditional write so that two
 * clicks at once check once. A paused source is checked too; it resumes if the check succeeds.
 */
export async function checkSourceNow(board: BoardWriter, id: number) {
  const { db, userId } = board;
  const now = Date.now();
  const claimed = await db
    .update(sources)
    .set({ checkRequestedAt: new Date(now) })
    .where(
      and(
        eq(sources.id, id),
        eq(sources.userId, userId),
        sql`(${sources.checkRequestedAt} IS NULL OR ${sources.checkRequestedAt} <= ${now - sourceCheckIntervalMs})`,
      ),
    )
    .returning()
    .get();
  if (!claimed) {
    const source = await ownedSource(db, userId, id);
    const waitMs = (source.checkRequestedAt?.getTime() ?? now) + sourceCheckIntervalMs - now;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new Refusal(
      'too-many',
      `This source was checked less than a minute ago: try again in ${seconds} seconds.`,
      { retryAfterSeconds: seconds },
    );
  }
  const checked = await checkSource(board, claimed, now);
  return {
    source: answerOf(checked.source, await blocksMadeBy(db, id), now),
    made: checked.changes.made,
    moved: checked.changes.moved,
    unchanged: checked.unchanged,
  };
}

/**
 * A scheduled check of one source (the queue's consumer): skipped when paused or resting after a
 * failure. Answers the result and its board's name, or null when skipped or gone.
 */
export async function checkDueSource(db: Db, env: Env, source: SourceRow, now = Date.now()) {
  if (source.pausedBy || (source.notBefore && source.notBefore.getTime() > now)) return null;
  // Checked by the schedule: what it changes is named by the instance's own address.
  return checkSource({ db, env, userId: source.userId, origin: env.APP_URL }, source, now);
}

/**
 * The sources of these ids with their board's name, for a batch of checks; a suspended board's
 * sources are not checked until it is unsuspended.
 */
export async function sourcesByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ source: sources, username: users.username })
    .from(sources)
    .innerJoin(users, eq(users.id, sources.userId))
    .where(
      and(
        sql`${sources.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
        isNull(users.suspendedAt),
      ),
    );
}

/**
 * The sources due at a slot (not paused, not resting), with their address: from the slot index.
 * In a new order each time, so the sources a busy host's gate turns away are others each cycle.
 */
export async function sourcesDueInSlot(db: Db, slot: number, now: number) {
  return db
    .select({ id: sources.id, url: sources.url })
    .from(sources)
    .where(
      and(
        eq(sources.slot, slot),
        sql`${sources.pausedBy} IS NULL`,
        sql`(${sources.notBefore} IS NULL OR ${sources.notBefore} <= ${now})`,
      ),
    )
    .orderBy(sql`random()`);
}

/** New options, or pause (by the owner) and resume (which clears its failures). */
export async function updateSource(
  db: Db,
  userId: number,
  id: number,
  input: { options?: SourceOptions; paused?: boolean },
): Promise<SourceAnswer> {
  const resume = {
    pausedBy: null,
    failures: 0,
    failingSince: null,
    lastError: null,
    notBefore: null,
  };
  const pausing =
    input.paused === undefined ? {} : input.paused ? { pausedBy: 'owner' as const } : resume;
  // New options apply to the whole feed at its next check, not only to what changes in it.
  const forget = input.options ? { etag: null, lastModified: null, bodyHash: null } : {};
  const changes = { ...optionColumns(input.options ?? {}), ...forget, ...pausing };
  const updated =
    Object.keys(changes).length === 0
      ? await ownedSource(db, userId, id)
      : await db
          .update(sources)
          .set(changes)
          .where(and(eq(sources.id, id), eq(sources.userId, userId)))
          .returning()
          .get();
  if (!updated) throw notFound();
  return answerOf(updated, await blocksMadeBy(db, id));
}

/** Disconnects a source; its blocks stay (they are the owner's), and so do its items' records. */
export async function deleteSource(db: Db, userId: number, id: number): Promise<void> {
  const [deleted] = await db
    .delete(sources)
    .where(and(eq(sources.id, id), eq(sources.userId, userId)))
    .returning({ id: sources.id });
  if (!deleted) throw notFound();
}
