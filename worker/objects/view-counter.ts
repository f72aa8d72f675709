import { DurableObject } from 'cloudflare:workers';
import { type InsightKind, splitInsightKey } from '../domain/analytics/insights';
import { admitVisits, viewBatchMs } from '../domain/analytics/views';
import type { AdmittedCounts, Visit } from './visit-log';

// The minute cron flushes every shard holding counts, and only the cron rolls them up for owners
// to read; the alarm is the backstop for a shard the cron has not reached. A minute keeps a hot
// board's 16 shards at 16 D1 batches a minute at most (decision 0007).
const flushDelayMs = 60_000;

/** One day's counts of the board (block 0: views and visitors) or of one block's link (clicks). */
type DayCount = { day: string; block_id: number; views: number; visitors: number; clicks: number };

/** One day's counted views of the board from one referrer, country or device class. */
type DayInsight = { day: string; kind: InsightKind; name: string; views: number };

/**
 * Referring sites one shard keeps apart between two flushes before it counts the rest as `other`,
 * and one board's day in D1 the same: the `Referer` is the client's choice, and garbage must not
 * become rows without end (decision 0039).
 */
const referrersPerShardFlush = 50;
const referrersPerBoardDay = 100;
const otherReferrers = 'other';

const insightsTable = (name: string) => `
  CREATE TABLE IF NOT EXISTS ${name} (
    day TEXT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    views INTEGER NOT NULL,
    PRIMARY KEY (day, kind, name)
  );`;

const countsTable = (name: string) => `
  CREATE TABLE IF NOT EXISTS ${name} (
    day TEXT NOT NULL,
    block_id INTEGER NOT NULL,
    views INTEGER NOT NULL DEFAULT 0,
    visitors INTEGER NOT NULL DEFAULT 0,
    clicks INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (day, block_id)
  );`;

type GatheredVisits = { visits: Visit[]; counted: Promise<void> };

/**
 * Sixteen per board (`counterShards`, decision 0007): gathers the visits isolates send it for a
 * window, counts them through the board's visit logs, and keeps what they admitted (views, new
 * visitors of the day, clicks per block, where views came from) exactly, since a Durable Object
 * handles one call at a time. It flushes them to D1 in batches, so D1 sees one write per shard per
 * flush, not one per visit. A flush is numbered per shard; D1 applies each number once, so a
 * retried flush never counts twice.
 */
export class ViewCounter extends DurableObject<Env> {
  private flushing: Promise<void> | undefined;
  private gathering: GatheredVisits | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`
      ${countsTable('pending_counts')}
      ${countsTable('inflight_counts')}
      ${insightsTable('pending_insights')}
      ${insightsTable('inflight_insights')}
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
    `);
    this.keepViewsOfEarlierTables();
  }

  /** Counters made before visitors and clicks were counted kept views alone, per day. */
  private keepViewsOfEarlierTables(): void {
    for (const [old, current] of [
      ['pending', 'pending_counts'],
      ['inflight', 'inflight_counts'],
    ] as const) {
      const exists = this.ctx.storage.sql
        .exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", old)
        .toArray().length;
      if (!exists) continue;
      this.ctx.storage.sql.exec(
        `INSERT INTO ${current} (day, block_id, views) SELECT day, 0, views FROM ${old}`,
      );
      this.ctx.storage.sql.exec(`DROP TABLE ${old}`);
    }
  }

  /**
   * Counts a batch of an isolate's visits together with the other batches that reach this shard
   * within its window: the visit logs see one call per shard, not one per isolate. Resolves once
   * the visits are counted, and fails with the whole window if they cannot be.
   */
  async count(boardId: number, shard: number, visits: Visit[]): Promise<void> {
    if (this.meta('shard') !== shard) this.setMeta('shard', shard);
    if (this.gathering) {
      this.gathering.visits.push(...visits);
      return this.gathering.counted;
    }
    const gathered: GatheredVisits = { visits: [...visits], counted: Promise.resolve() };
    gathered.counted = scheduler.wait(viewBatchMs(this.env)).then(async () => {
      this.gathering = undefined;
      await this.record(boardId, await admitVisits(this.env, boardId, gathered.visits));
    });
    this.gathering = gathered;
    return gathered.counted;
  }

  /**
   * Adds what a batch of visits counted for, on the day they were made. Isolates of the release
   * before the counters were sharded called it on shard 0 themselves.
   */
  async record(boardId: number, counts: AdmittedCounts, at = Date.now()): Promise<void> {
    const wasIdle = !this.hasPending();
    const add = (blockId: number, views: number, visitors: number, clicks: number) =>
      this.ctx.storage.sql.exec(
        `INSERT INTO pending_counts (day, block_id, views, visitors, clicks) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (day, block_id) DO UPDATE SET
           views = views + ?3, visitors = visitors + ?4, clicks = clicks + ?5`,
        counts.day,
        blockId,
        views,
        visitors,
        clicks,
      );
    if (counts.views > 0 || counts.visitors > 0) add(0, counts.views, counts.visitors, 0);
    for (const [blockId, clicks] of counts.clicks) add(blockId, 0, 0, clicks);
    for (const [key, views] of counts.insights ?? []) {
      const { kind, name } = splitInsightKey(key);
      this.addInsight(counts.day, kind, name, views);
    }
    this.setMeta('board_id', boardId);
    if (!wasIdle || !this.hasPending()) return;
    await this.ctx.storage.setAlarm(at + flushDelayMs);
    await this.markPending(boardId, at);
  }

  private addInsight(day: string, kind: InsightKind, name: string, views: number): void {
    const isKept = () =>
      this.ctx.storage.sql
        .exec(
          'SELECT 1 FROM pending_insights WHERE day = ? AND kind = ? AND name = ?',
          day,
          kind,
          name,
        )
        .toArray().length > 0;
    const referrers = () =>
      this.ctx.storage.sql
        .exec<{ n: number }>(
          "SELECT count(*) AS n FROM pending_insights WHERE day = ? AND kind = 'referrer'",
          day,
        )
        .one().n;
    const kept =
      kind !== 'referrer' || isKept() || referrers() < referrersPerShardFlush
        ? name
        : otherReferrers;
    this.ctx.storage.sql.exec(
      `INSERT INTO pending_insights (day, kind, name, views) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (day, kind, name) DO UPDATE SET views = views + ?4`,
      day,
      kind,
      kept,
      views,
    );
  }

  async alarm(): Promise<void> {
    await this.flush();
  }

  /** Sends every count so far to D1. Concurrent callers share one flush. */
  async flush(): Promise<void> {
    while (this.hasPending() || this.hasInflight()) {
      this.flushing ??= this.flushOnce().finally(() => {
        this.flushing = undefined;
      });
      await this.flushing;
    }
  }

  private async flushOnce(): Promise<void> {
    const boardId = this.meta('board_id');
    if (boardId === undefined) return;
    const seq = this.ctx.storage.transactionSync(() => this.takeBatch());
    if (this.hasInflight()) {
      await this.writeBatch(boardId, this.meta('shard') ?? 0, seq);
    }
    this.ctx.storage.transactionSync(() => {
      this.ctx.storage.sql.exec('DELETE FROM inflight_counts');
      this.ctx.storage.sql.exec('DELETE FROM inflight_insights');
    });
  }

  /** Moves pending counts into a numbered in-flight batch, unless a failed one awaits a retry. */
  private takeBatch(): number {
    if (this.hasInflight()) return this.meta('inflight_seq') ?? 0;
    const seq = (this.meta('flushed_seq') ?? 0) + 1;
    this.ctx.storage.sql.exec('INSERT INTO inflight_counts SELECT * FROM pending_counts');
    this.ctx.storage.sql.exec('DELETE FROM pending_counts');
    this.ctx.storage.sql.exec('INSERT INTO inflight_insights SELECT * FROM pending_insights');
    this.ctx.storage.sql.exec('DELETE FROM pending_insights');
    this.setMeta('inflight_seq', seq);
    this.setMeta('flushed_seq', seq);
    return seq;
  }

  private async writeBatch(boardId: number, shard: number, seq: number): Promise<void> {
    const batch = this.inflightBatch();
    const db = this.env.DB;
    // Each statement applies only while the ledger has not seen this flush of this shard, and only
    // to a board that still exists: an account deleted meanwhile takes its counts with it.
    const unflushed = `NOT EXISTS (SELECT 1 FROM view_ledger
        WHERE board_id = ?1 AND shard = ?2 AND flushed_seq >= ?3)
      AND EXISTS (SELECT 1 FROM users WHERE id = ?1)`;
    const clicksByDay = new Map<string, number>();
    for (const { day, block_id, clicks } of batch) {
      if (block_id !== 0) clicksByDay.set(day, (clicksByDay.get(day) ?? 0) + clicks);
    }
    const days = new Set(batch.map(({ day }) => day));
    const dayWrites = [...days].map((day) => {
      const board = batch.find((count) => count.day === day && count.block_id === 0);
      return db
        .prepare(
          `INSERT INTO daily_views (board_id, day, views, visitors, clicks)
           SELECT ?1, ?4, ?5, ?6, ?7 WHERE ${unflushed}
           ON CONFLICT (board_id, day) DO UPDATE SET
             views = views + excluded.views,
             visitors = visitors + excluded.visitors,
             clicks = clicks + excluded.clicks`,
        )
        .bind(
          boardId,
          shard,
          seq,
          day,
          board?.views ?? 0,
          board?.visitors ?? 0,
          clicksByDay.get(day) ?? 0,
        );
    });
    const blockClicks = batch.filter(({ block_id }) => block_id !== 0);
    const clickWrites = blockClicks.map(({ block_id, clicks }) =>
      db
        .prepare(
          `UPDATE blocks SET click_count = click_count + ?5
           WHERE id = ?4 AND user_id = ?1 AND ${unflushed}`,
        )
        .bind(boardId, shard, seq, block_id, clicks),
    );
    // A block of another board, or one deleted meanwhile, gets no row.
    const dailyClickWrite = db
      .prepare(
        `INSERT INTO daily_block_clicks (block_id, board_id, day, clicks)
         SELECT b.id, ?1, c.value ->> 'day', c.value ->> 'clicks'
         FROM json_each(?4) c JOIN blocks b ON b.id = c.value ->> 'block_id' AND b.user_id = ?1
         WHERE ${unflushed}
         ON CONFLICT (block_id, day) DO UPDATE SET clicks = clicks + excluded.clicks`,
      )
      .bind(boardId, shard, seq, JSON.stringify(blockClicks));
    // A referring site new to the board's day is kept apart only while the day has fewer than
    // the bound; the rest add to `other`.
    const insightWrite = db
      .prepare(
        `INSERT INTO daily_insights (board_id, day, kind, name, views)
         SELECT ?1, i.value ->> 'day', i.value ->> 'kind',
           CASE WHEN i.value ->> 'kind' <> 'referrer'
             OR EXISTS (SELECT 1 FROM daily_insights d WHERE d.board_id = ?1
               AND d.day = i.value ->> 'day' AND d.kind = 'referrer' AND d.name = i.value ->> 'name')
             OR (SELECT count(*) FROM daily_insights d WHERE d.board_id = ?1
               AND d.day = i.value ->> 'day' AND d.kind = 'referrer') < ?5
           THEN i.value ->> 'name' ELSE '${otherReferrers}' END,
           i.value ->> 'views'
         FROM json_each(?4) i
         WHERE ${unflushed}
         ON CONFLICT (board_id, day, kind, name) DO UPDATE SET views = views + excluded.views`,
      )
      .bind(boardId, shard, seq, JSON.stringify(this.inflightInsights()), referrersPerBoardDay);
    // pending_since is cleared only if no visit marked the shard again while this batch was in flight.
    const ledgerWrite = db
      .prepare(
        `INSERT INTO view_ledger (board_id, shard, flushed_seq, pending_since)
         SELECT ?1, ?2, ?3, NULL WHERE EXISTS (SELECT 1 FROM users WHERE id = ?1)
         ON CONFLICT (board_id, shard) DO UPDATE SET
           flushed_seq = max(flushed_seq, excluded.flushed_seq),
           pending_since = CASE WHEN pending_since <= ?4 THEN NULL ELSE pending_since END`,
      )
      .bind(boardId, shard, seq, this.meta('marked_at') ?? 0);
    // The count writes test the ledger before the ledger write moves it on: order matters.
    await db.batch([...dayWrites, ...clickWrites, dailyClickWrite, insightWrite, ledgerWrite]);
  }

  /** Lets the cron find boards with unflushed counts. */
  private async markPending(boardId: number, at: number): Promise<void> {
    this.setMeta('marked_at', at);
    await this.env.DB.prepare(
      `INSERT INTO view_ledger (board_id, shard, pending_since)
       SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM users WHERE id = ?1)
       ON CONFLICT (board_id, shard) DO UPDATE SET pending_since = excluded.pending_since`,
    )
      .bind(boardId, this.meta('shard') ?? 0, at)
      .run();
  }

  private hasPending(): boolean {
    const pending = (table: string) =>
      this.ctx.storage.sql.exec(`SELECT 1 FROM ${table} LIMIT 1`).toArray().length > 0;
    return pending('pending_counts') || pending('pending_insights');
  }

  private hasInflight(): boolean {
    const inflight = (table: string) =>
      this.ctx.storage.sql.exec(`SELECT 1 FROM ${table} LIMIT 1`).toArray().length > 0;
    return inflight('inflight_counts') || inflight('inflight_insights');
  }

  private inflightInsights(): DayInsight[] {
    return this.ctx.storage.sql.exec<DayInsight>('SELECT * FROM inflight_insights').toArray();
  }

  private inflightBatch(): DayCount[] {
    return this.ctx.storage.sql.exec<DayCount>('SELECT * FROM inflight_counts').toArray();
  }

  private meta(key: string): number | undefined {
    return this.ctx.storage.sql
      .exec<{ value: number }>('SELECT value FROM meta WHERE key = ?', key)
      .toArray()[0]?.value;
  }

  private setMeta(key: string, value: number): void {
    this.ctx.storage.sql.exec(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      key,
      value,
    );
  }
}
