import { and, asc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { dailyViews, viewLedger } from '../../schema/tables';
import { lastDays } from './days';
import type { Db } from './db';
import { getDb } from './db';

const weekDays = 7;
// Bounds one cron run's work; what is left waits for the next minute (or its board's own alarm).
const boardsPerRun = 500;
const boardsPerQuery = 90; // under D1's 100 bound parameters per statement

type ViewSnapshot = { total: number; days: Record<string, number> };

const snapshotKey = (boardId: number) => `views:${boardId}`;

function counterFor(env: Env, boardId: number) {
  return env.VIEW_COUNTER.get(env.VIEW_COUNTER.idFromName(String(boardId)));
}

// Views of one board arriving within this many milliseconds in an isolate (VIEW_BATCH_MS in
// wrangler.toml) reach its counter as one call.
const defaultViewBatchMs = 1000;

function viewBatchMs(env: Env): number {
  const ms = Number(env.VIEW_BATCH_MS);
  return Number.isFinite(ms) && ms >= 0 ? ms : defaultViewBatchMs;
}

type ViewBatch = { views: number; counted: Promise<void> };
const openBatches = new Map<number, ViewBatch>();

/**
 * Counts one view of the board. Under load, a Durable Object call per view is most of what a
 * cached board costs; so views of the same board in this isolate are gathered for a second and
 * counted in one call (a board seen 8 times a second costs one call, not 8). Every caller gets
 * the promise of its own batch and hands it to `waitUntil`, so the isolate stays up until each
 * view is counted: none is lost or counted twice.
 */
export function recordView(env: Env, boardId: number): Promise<void> {
  const open = openBatches.get(boardId);
  if (open) {
    open.views += 1;
    return open.counted;
  }
  const batch: ViewBatch = { views: 1, counted: Promise.resolve() };
  batch.counted = scheduler.wait(viewBatchMs(env)).then(() => {
    openBatches.delete(boardId);
    return counterFor(env, boardId).record(boardId, batch.views);
  });
  openBatches.set(boardId, batch);
  return batch.counted;
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );
}

/** Asks every board whose counter holds views to flush them to D1 now. */
export async function flushPendingViews(env: Env): Promise<number> {
  const pending = await getDb(env)
    .select({ boardId: viewLedger.boardId })
    .from(viewLedger)
    .where(isNotNull(viewLedger.pendingSince))
    .orderBy(asc(viewLedger.pendingSince))
    .limit(boardsPerRun);
  for (const group of chunks(pending, 50)) {
    await Promise.all(group.map(({ boardId }) => counterFor(env, boardId).flush()));
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
    .select({ boardId: viewLedger.boardId, flushedSeq: viewLedger.flushedSeq })
    .from(viewLedger)
    .where(sql`${viewLedger.flushedSeq} > ${viewLedger.rolledSeq}`)
    .limit(boardsPerRun);
  for (const group of chunks(changed, boardsPerQuery)) {
    const snapshots = await computeSnapshots(
      db,
      group.map((row) => row.boardId),
      now,
    );
    await Promise.all(
      group.map(({ boardId }) =>
        env.COUNTERS.put(snapshotKey(boardId), JSON.stringify(snapshots.get(boardId))),
      ),
    );
    const [first, ...rest] = group.map(({ boardId, flushedSeq }) =>
      db
        .update(viewLedger)
        .set({ rolledSeq: sql`max(${viewLedger.rolledSeq}, ${flushedSeq})` })
        .where(eq(viewLedger.boardId, boardId)),
    );
    if (first) await db.batch([first, ...rest]);
  }
  return changed.length;
}

async function computeSnapshots(db: Db, boardIds: number[], now: number) {
  const week = lastDays(weekDays, now);
  const [totals, recent] = await db.batch([
    db
      .select({ boardId: dailyViews.boardId, total: sql<number>`sum(${dailyViews.views})` })
      .from(dailyViews)
      .where(inArray(dailyViews.boardId, boardIds))
      .groupBy(dailyViews.boardId),
    db
      .select()
      .from(dailyViews)
      .where(and(inArray(dailyViews.boardId, boardIds), gte(dailyViews.day, week[0] as string))),
  ]);
  const snapshots = new Map<number, ViewSnapshot>(
    boardIds.map((id) => [id, { total: 0, days: {} }]),
  );
  for (const { boardId, total } of totals) (snapshots.get(boardId) as ViewSnapshot).total = total;
  for (const { boardId, day, views } of recent)
    (snapshots.get(boardId) as ViewSnapshot).days[day] = views;
  return snapshots;
}

/** Total and last-7-days views from the board's KV snapshot, as of the last roll-up. */
export async function readViewCounters(env: Env, boardId: number, now = Date.now()) {
  const snapshot = await env.COUNTERS.get<ViewSnapshot>(snapshotKey(boardId), 'json');
  if (!snapshot) return { totalViews: 0, weeklyViews: 0 };
  const weeklyViews = lastDays(weekDays, now).reduce(
    (sum, day) => sum + (snapshot.days[day] ?? 0),
    0,
  );
  return { totalViews: snapshot.total, weeklyViews };
}
