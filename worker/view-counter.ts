import { DurableObject } from 'cloudflare:workers';
import { utcDay } from './services/days';

// Long enough to batch a burst of views into one D1 write, short enough that the minute cron sees them.
const flushDelayMs = 10_000;

type DayCount = { day: string; views: number };

/**
 * One per board: counts that board's views exactly (a Durable Object handles one call at a time)
 * and flushes them to D1 in batches, so D1 sees one write per board per flush, not one per view.
 * A flush is numbered; D1 applies each number once, so a retried flush never counts twice.
 */
export class ViewCounter extends DurableObject<Env> {
  private flushing: Promise<void> | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS pending (day TEXT PRIMARY KEY, views INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS inflight (day TEXT PRIMARY KEY, views INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
    `);
  }

  /** Counts `views` views of the board, made at `at`. */
  async record(boardId: number, views = 1, at = Date.now()): Promise<void> {
    const wasIdle = this.pendingViews() === 0;
    this.ctx.storage.sql.exec(
      'INSERT INTO pending (day, views) VALUES (?1, ?2) ON CONFLICT (day) DO UPDATE SET views = views + ?2',
      utcDay(at),
      views,
    );
    this.setMeta('board_id', boardId);
    if (!wasIdle) return;
    await this.ctx.storage.setAlarm(at + flushDelayMs);
    await this.markPending(boardId, at);
  }

  async alarm(): Promise<void> {
    await this.flush();
  }

  /** Sends every view counted so far to D1. Concurrent callers share one flush. */
  async flush(): Promise<void> {
    while (this.pendingViews() > 0 || this.inflightBatch().length > 0) {
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
      this.ctx.storage.sql.exec('DELETE FROM inflight');
    });
  }

  /** Moves pending counts into a numbered in-flight batch, unless a failed one awaits a retry. */
  private takeBatch(): number {
    if (this.inflightBatch().length > 0) return this.meta('inflight_seq') ?? 0;
    const seq = (this.meta('flushed_seq') ?? 0) + 1;
    this.ctx.storage.sql.exec('INSERT INTO inflight SELECT day, views FROM pending');
    this.ctx.storage.sql.exec('DELETE FROM pending');
    this.setMeta('inflight_seq', seq);
    this.setMeta('flushed_seq', seq);
    return seq;
  }

  private async writeBatch(boardId: number, seq: number, batch: DayCount[]): Promise<void> {
    const db = this.env.DB;
    const dayWrites = batch.map(({ day, views }) =>
      db
        .prepare(
          `INSERT INTO daily_views (board_id, day, views)
           SELECT ?1, ?2, ?3 WHERE NOT EXISTS (
             SELECT 1 FROM view_ledger WHERE board_id = ?1 AND flushed_seq >= ?4)
           AND EXISTS (SELECT 1 FROM users WHERE id = ?1)
           ON CONFLICT (board_id, day) DO UPDATE SET views = views + excluded.views`,
        )
        .bind(boardId, day, views, seq),
    );
    // pending_since is cleared only if no view marked the board again while this batch was in flight.
    const ledgerWrite = db
      .prepare(
        `INSERT INTO view_ledger (board_id, flushed_seq, pending_since)
         SELECT ?1, ?2, NULL WHERE EXISTS (SELECT 1 FROM users WHERE id = ?1)
         ON CONFLICT (board_id) DO UPDATE SET
           flushed_seq = max(flushed_seq, excluded.flushed_seq),
           pending_since = CASE WHEN pending_since <= ?3 THEN NULL ELSE pending_since END`,
      )
      .bind(boardId, seq, this.meta('marked_at') ?? 0);
    // The day writes test the ledger before the ledger write moves it on: order matters. A board
    // whose account was deleted meanwhile takes nothing: its views go with it.
    await db.batch([...dayWrites, ledgerWrite]);
  }

  /** Lets the cron find boards with unflushed views. */
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

  private pendingViews(): number {
    return this.ctx.storage.sql
      .exec<{ n: number }>('SELECT coalesce(sum(views), 0) AS n FROM pending')
      .one().n;
  }

  private inflightBatch(): DayCount[] {
    return this.ctx.storage.sql.exec<DayCount>('SELECT day, views FROM inflight').toArray();
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
