import { DurableObject } from 'cloudflare:workers';
import type { AdmittedCounts } from './visit-log';

// Long enough to batch a burst of visits into one D1 write, short enough that the minute cron sees them.
const flushDelayMs = 10_000;

/** One day's counts of the board (block 0: views and visitors) or of one block's link (clicks). */
type DayCount = { day: string; block_id: number; views: number; visitors: number; clicks: number };

const countsTable = (name: string) => `
  CREATE TABLE IF NOT EXISTS ${name} (
    day TEXT NOT NULL,
    block_id INTEGER NOT NULL,
    views INTEGER NOT NULL DEFAULT 0,
    visitors INTEGER NOT NULL DEFAULT 0,
    clicks INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (day, block_id)
  );`;

/**
 * One per board: counts what the board's visit logs admitted (views, new visitors of the day,
 * clicks per block) exactly, since a Durable Object handles one call at a time, and flushes them
 * to D1 in batches, so D1 sees one write per board per flush, not one per visit. A flush is
 * numbered; D1 applies each number once, so a retried flush never counts twice.
 */
export class ViewCounter extends DurableObject<Env> {
  private flushing: Promise<void> | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`
      ${countsTable('pending_counts')}
      ${countsTable('inflight_counts')}
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

  /** Adds what a batch of visits counted for, on the day they were made. */
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
    this.setMeta('board_id', boardId);
    if (!wasIdle || !this.hasPending()) return;
    await this.ctx.storage.setAlarm(at + flushDelayMs);
    await this.markPending(boardId, at);
  }

  async alarm(): Promise<void> {
    await this.flush();
  }

  /** Sends every count so far to D1. Concurrent callers share one flush. */
  async flush(): Promise<void> {
    while (this.hasPending() || this.inflightBatch().length > 0) {
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
    const batch = this.inflightBatch();
    if (batch.length > 0) await this.writeBatch(boardId, seq, batch);
    this.ctx.storage.transactionSync(() => {
      this.ctx.storage.sql.exec('DELETE FROM inflight_counts');
    });
  }

  /** Moves pending counts into a numbered in-flight batch, unless a failed one awaits a retry. */
  private takeBatch(): number {
    if (this.inflightBatch().length > 0) return this.meta('inflight_seq') ?? 0;
    const seq = (this.meta('flushed_seq') ?? 0) + 1;
    this.ctx.storage.sql.exec('INSERT INTO inflight_counts SELECT * FROM pending_counts');
    this.ctx.storage.sql.exec('DELETE FROM pending_counts');
    this.setMeta('inflight_seq', seq);
    this.setMeta('flushed_seq', seq);
    return seq;
  }

  private async writeBatch(boardId: number, seq: number, batch: DayCount[]): Promise<void> {
    const db = this.env.DB;
    // Each statement applies only while the ledger has not seen this flush, and only to a board
    // that still exists: an account deleted meanwhile takes its counts with it.
    const unflushed = `NOT EXISTS (SELECT 1 FROM view_ledger WHERE board_id = ?1 AND flushed_seq >= ?2)
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
           SELECT ?1, ?3, ?4, ?5, ?6 WHERE ${unflushed}
           ON CONFLICT (board_id, day) DO UPDATE SET
             views = views + excluded.views,
             visitors = visitors + excluded.visitors,
             clicks = clicks + excluded.clicks`,
        )
        .bind(
          boardId,
          seq,
          day,
          board?.views ?? 0,
          board?.visitors ?? 0,
          clicksByDay.get(day) ?? 0,
        );
    });
    const clickWrites = batch
      .filter(({ block_id }) => block_id !== 0)
      .map(({ block_id, clicks }) =>
        db
          .prepare(
            `UPDATE blocks SET click_count = click_count + ?4
             WHERE id = ?3 AND user_id = ?1 AND ${unflushed}`,
          )
          .bind(boardId, seq, block_id, clicks),
      );
    // pending_since is cleared only if no visit marked the board again while this batch was in flight.
    const ledgerWrite = db
      .prepare(
        `INSERT INTO view_ledger (board_id, flushed_seq, pending_since)
         SELECT ?1, ?2, NULL WHERE EXISTS (SELECT 1 FROM users WHERE id = ?1)
         ON CONFLICT (board_id) DO UPDATE SET
           flushed_seq = max(flushed_seq, excluded.flushed_seq),
           pending_since = CASE WHEN pending_since <= ?3 THEN NULL ELSE pending_since END`,
      )
      .bind(boardId, seq, this.meta('marked_at') ?? 0);
    // The count writes test the ledger before the ledger write moves it on: order matters.
    await db.batch([...dayWrites, ...clickWrites, ledgerWrite]);
  }

  /** Lets the cron find boards with unflushed counts. */
  private async markPending(boardId: number, at: number): Promise<void> {
    this.setMeta('marked_at', at);
    await this.env.DB.prepare(
      `INSERT INTO view_ledger (board_id, pending_since)
       SELECT ?1, ?2 WHERE EXISTS (SELECT 1 FROM users WHERE id = ?1)
       ON CONFLICT (board_id) DO UPDATE SET pending_since = excluded.pending_since`,
    )
      .bind(boardId, at)
      .run();
  }

  private hasPending(): boolean {
    return this.ctx.storage.sql.exec('SELECT 1 FROM pending_counts LIMIT 1').toArray().length > 0;
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
