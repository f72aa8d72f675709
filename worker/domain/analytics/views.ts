import { and, asc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import { dailyViews, viewLedger } from '../../../schema/tables';
import type { AdmittedCounts, Visit } from '../../objects/visit-log';
import { addressKey, clientAddressOf } from '../../platform/client-address';
import type { Db } from '../../platform/db';
import { getDb } from '../../platform/db';
import { lastDays } from './days';
import { countryOf, referrerOf } from './insights';

const weekDays = 7;
/** The owner's chart: views and clicks of each of the last 30 days. */
const chartDays = 30;
// Bounds one cron run's work; what is left waits for the next minute (or its board's own alarm).
const boardsPerRun = 500;
const boardsPerQuery = 90; // under D1's 100 bound parameters per statement

/**
 * A board's analytics as its owner reads them, rebuilt by the cron: total views, and views,
 * distinct visitors and clicks per day of the last 30 (of the last 7 in snapshots from before the
 * chart, and no clicks: both fill in with the board's next visit).
 */
type ViewSnapshot = {
  total: number;
  days: Record<string, number>;
  visitorDays?: Record<string, number>;
  clickDays?: Record<string, number>;
};

const snapshotKey = (boardId: number) => `views:${boardId}`;

/**
 * A board's counts are spread over this many ViewCounters: each batch an isolate gathers goes to
 * one of them at random, so with N isolates serving a board each counter takes about N / 16 calls
 * a second (decision 0007). Totals are sums over the shards, so any shard may take any batch.
 */
export const counterShards = 16;

/** Shard 0 keeps the name of the one counter a board had before, and so its unflushed counts. */
export function counterFor(env: Env, boardId: number, shard: number) {
  const name = shard === 0 ? String(boardId) : `${boardId}:${shard}`;
  return env.VIEW_COUNTER.get(env.VIEW_COUNTER.idFromName(name));
}

/**
 * A board's visitors are spread over this many visit logs by a hash of who they are: each log
 * sees a sixteenth of a viral board's visitors, and any one visitor always meets the same log.
 * Changing it mid-day would count that day's returning visitors again.
 */
const visitLogShards = 16;

// FNV-1a: a shard needs an even spread of visitors, not a secret, and this costs no digest per visit.
// By address alone: every visitor behind one address meets one log, which caps what it counts.
function shardOf(visit: Visit): number {
  const who = visit.address;
  let hash = 0x811c9dc5;
  for (let i = 0; i < who.length; i++) {
    hash = Math.imul(hash ^ who.charCodeAt(i), 0x01000193);
  }
  return (hash >>> 0) % visitLogShards;
}

function visitLogFor(env: Env, boardId: number, shard: number) {
  return env.VISIT_LOG.get(env.VISIT_LOG.idFromName(`${boardId}:${shard}`));
}

// Visits of one board arriving within this many milliseconds in an isolate (VIEW_BATCH_MS in
// wrangler.toml) are counted together; a counter gathers what isolates send it as long again.
const defaultViewBatchMs = 1000;

export function viewBatchMs(env: Env): number {
  const ms = Number(env.VIEW_BATCH_MS);
  return Number.isFinite(ms) && ms >= 0 ? ms : defaultViewBatchMs;
}

type VisitBatch = { visits: Visit[]; counted: Promise<void> };
const openBatches = new Map<number, VisitBatch>();

function addUp(parts: AdmittedCounts[], day: string): AdmittedCounts {
  const clicks = new Map<number, number>();
  const insights = new Map<string, number>();
  const addInto = <K>(into: Map<K, number>, from: Map<K, number> = new Map()) => {
    for (const [key, count] of from) into.set(key, (into.get(key) ?? 0) + count);
  };
  const total = { views: 0, visitors: 0, clicks, insights, day };
  for (const part of parts) {
    total.views += part.views;
    total.visitors += part.visitors;
    addInto(clicks, part.clicks);
    addInto(insights, part.insights);
  }
  return total;
}

/**
 * Sends visits to the visit logs of their visitors and sums what they admit. A counter calls it
 * with everything isolates sent it in its window, so each log takes one call per counter, not
 * one per isolate.
 */
export async function admitVisits(env: Env, boardId: number, visits: Visit[]) {
  const byShard = Map.groupBy(visits, shardOf);
  const admitted = await Promise.all(
    [...byShard].map(([shard, shardVisits]) => visitLogFor(env, boardId, shard).admit(shardVisits)),
  );
  return addUp(admitted, admitted[0]?.day ?? '');
}

/**
 * Who made a request, as a visit of the board (or of `blockId`'s link) at this moment; null for a
 * known bot or crawler, which never counts. A view also notes where it came from (insights.ts).
 */
export function visitOf(request: Request, blockId: number | null = null): Visit | null {
  const { headers } = request;
  const userAgent = headers.get('user-agent') ?? '';
  if (isbot(userAgent)) return null;
  const visit: Visit = {
    address: addressKey(clientAddressOf(request)),
    userAgent: userAgent.slice(0, 200),
    blockId,
    at: Date.now(),
  };
  if (blockId !== null) return visit;
  return {
    ...visit,
    referrer: referrerOf(headers.get('referer'), new URL(request.url).host),
    country: countryOf(request.cf?.country),
  };
}

/**
 * Counts a view of the board or a click on one of its blocks' links: once per visitor in 30
 * minutes, and the visitor once a day (visit-log.ts). Under load, a Durable Object call per visit
 * would be most of what a cached board costs, so a board's visits in this isolate are gathered for
 * a second and sent in one call to one of the board's counters, chosen at random, which gathers
 * them with other isolates' and counts them through the visit logs (view-counter.ts). Every caller
 * gets the promise of its own batch and hands it to `waitUntil`, so the isolate stays up until its
 * visit is counted. A failure is logged, never thrown: counting never fails a page.
 */
export function recordVisit(env: Env, boardId: number, visit: Visit | null): Promise<void> {
  if (!visit) return Promise.resolve();
  const open = openBatches.get(boardId);
  if (open) {
    open.visits.push(visit);
    return open.counted;
  }
  const batch: VisitBatch = { visits: [visit], counted: Promise.resolve() };
  batch.counted = scheduler
    .wait(viewBatchMs(env))
    .then(() => {
      openBatches.delete(boardId);
      const shard = Math.floor(Math.random() * counterShards);
      return counterFor(env, boardId, shard).count(boardId, shard, batch.visits);
    })
    .catch((error: unknown) => console.error(`Visits of board ${boardId} not counted.`, error));
  openBatches.set(boardId, batch);
  return batch.counted;
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );
}

/** Asks every counter shard that holds views to flush them to D1 now. */
export async function flushPendingViews(env: Env): Promise<number> {
  const pending = await getDb(env)
    .select({ boardId: viewLedger.boardId, shard: viewLedger.shard })
    .from(viewLedger)
    .where(isNotNull(viewLedger.pendingSince))
    .orderBy(asc(viewLedger.pendingSince))
    .limit(boardsPerRun);
  for (const group of chunks(pending, 50)) {
    await Promise.all(group.map(({ boardId, shard }) => counterFor(env, boardId, shard).flush()));
  }
  return pending.length;
}

/**
 * Rebuilds the KV snapshot of every board whose views changed since its last roll-up.
 * A snapshot is recomputed from D1, never incremented, so running twice cannot count twice.
 */
export async function rollUpViews(env: Env, now = Date.now()): Promise<number> {
  const db = getDb(env);
  const changed = await db
    .select({
      boardId: viewLedger.boardId,
      shard: viewLedger.shard,
      flushedSeq: viewLedger.flushedSeq,
    })
    .from(viewLedger)
    .where(sql`${viewLedger.flushedSeq} > ${viewLedger.rolledSeq}`)
    .limit(boardsPerRun);
  const shardsByBoard = Map.groupBy(changed, (row) => row.boardId);
  for (const group of chunks([...shardsByBoard.keys()], boardsPerQuery)) {
    const snapshots = await computeSnapshots(db, group, now);
    await Promise.all(
      group.map((boardId) =>
        env.COUNTERS.put(snapshotKey(boardId), JSON.stringify(snapshots.get(boardId))),
      ),
    );
    const [first, ...rest] = group.flatMap((boardId) =>
      (shardsByBoard.get(boardId) ?? []).map(({ shard, flushedSeq }) =>
        db
          .update(viewLedger)
          .set({ rolledSeq: sql`max(${viewLedger.rolledSeq}, ${flushedSeq})` })
          .where(and(eq(viewLedger.boardId, boardId), eq(viewLedger.shard, shard))),
      ),
    );
    if (first) await db.batch([first, ...rest]);
  }
  return shardsByBoard.size;
}

async function computeSnapshots(db: Db, boardIds: number[], now: number) {
  const [firstChartDay] = lastDays(chartDays, now);
  const [totals, recent] = await db.batch([
    db
      .select({ boardId: dailyViews.boardId, total: sql<number>`sum(${dailyViews.views})` })
      .from(dailyViews)
      .where(inArray(dailyViews.boardId, boardIds))
      .groupBy(dailyViews.boardId),
    db
      .select()
      .from(dailyViews)
      .where(
        and(inArray(dailyViews.boardId, boardIds), gte(dailyViews.day, firstChartDay as string)),
      ),
  ]);
  const snapshots = new Map<number, Required<ViewSnapshot>>(
    boardIds.map((id) => [id, { total: 0, days: {}, visitorDays: {}, clickDays: {} }]),
  );
  for (const { boardId, total } of totals) {
    const snapshot = snapshots.get(boardId);
    if (snapshot) snapshot.total = total;
  }
  for (const { boardId, day, views, visitors, clicks } of recent) {
    const snapshot = snapshots.get(boardId);
    if (!snapshot) continue;
    snapshot.days[day] = views;
    snapshot.visitorDays[day] = visitors;
    snapshot.clickDays[day] = clicks;
  }
  return snapshots;
}

/**
 * Total views, views and visitors of the last 7 days, and views and clicks of each of the last
 * 30 (UTC days, oldest first), from the board's KV snapshot as of the last roll-up: a day the
 * snapshot lacks had nothing. Visitors are distinct per day, summed over the week: with a salt
 * that changes daily (visit-log.ts) a person who comes back on another day counts again, as in
 * Plausible.
 */
export async function readViewCounters(env: Env, boardId: number, now = Date.now()) {
  const snapshot: ViewSnapshot = (await env.COUNTERS.get<ViewSnapshot>(
    snapshotKey(boardId),
    'json',
  )) ?? { total: 0, days: {} };
  const sumOf = (days: Record<string, number> = {}) =>
    lastDays(weekDays, now).reduce((sum, day) => sum + (days[day] ?? 0), 0);
  return {
    totalViews: snapshot.total,
    weeklyViews: sumOf(snapshot.days),
    uniqueVisitors: sumOf(snapshot.visitorDays),
    daily: lastDays(chartDays, now).map((date) => ({
      date,
      views: snapshot.days[date] ?? 0,
      clicks: snapshot.clickDays?.[date] ?? 0,
    })),
  };
}
