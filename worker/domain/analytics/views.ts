import { and, asc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { dailyViews, viewLedger } from '../../../schema/tables';
import type { AdmittedCounts, Visit } from '../../objects/visit-log';
import type { Db } from '../../platform/db';
import { getDb } from '../../platform/db';
import { lastDays } from './days';

const weekDays = 7;
/** The owner's chart: views and clicks of each of the last 30 days. */
const chartDays = 30;
// Bounds one cron run's work; what is left waits for the next minute (or its board's own alarm).
const boardsPerRun = 500;

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
 * Total views, views and visitors of the last 7 days, and views and clicks of each of the last
 * 30 (UTC days, oldest first), straight from the board's daily rows in D1 as of the last flush: a
 * day with no row had nothing. Visitors are distinct per day, summed over the week: with a salt
 * that changes daily (visit-log.ts) a person who comes back on another day counts again, as in
 * Plausible.
 */
export async function readViews(db: Db, boardId: number, now = Date.now()) {
  const days = lastDays(chartDays, now);
  const [[all], recent] = await db.batch([
    db
      .select({ total: sql<number>`coalesce(sum(${dailyViews.views}), 0)` })
      .from(dailyViews)
      .where(eq(dailyViews.boardId, boardId)),
    db
      .select()
      .from(dailyViews)
      .where(and(eq(dailyViews.boardId, boardId), gte(dailyViews.day, days[0] as string))),
  ]);
  const byDay = new Map(recent.map((row) => [row.day, row]));
  const week = days.slice(-weekDays).map((day) => byDay.get(day));
  return {
    totalViews: all?.total ?? 0,
    weeklyViews: week.reduce((sum, row) => sum + (row?.views ?? 0), 0),
    uniqueVisitors: week.reduce((sum, row) => sum + (row?.visitors ?? 0), 0),
    daily: days.map((date) => ({
      date,
      views: byDay.get(date)?.views ?? 0,
      clicks: byDay.get(date)?.clicks ?? 0,
    })),
  };
}
