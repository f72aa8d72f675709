import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { utcDay } from '../domain/analytics/days';
import { counterFor, counterShards } from '../domain/analytics/views';
import {
  apiClient,
  createUser,
  expectStatus,
  fetchSettled,
  readJson,
  runCron,
  type TestUser,
} from '../test/factories';
import type { Visit } from './visit-log';

let visitors = 0;
function newVisitorAddress(): string {
  visitors += 1;
  return `10.94.${Math.floor(visitors / 250) % 250}.${(visitors % 250) + 1}`;
}

async function loadBoard(username: string) {
  const request = new Request(`http://up2.test/api/boards/${username}`, {
    headers: { 'cf-connecting-ip': newVisitorAddress() },
  });
  expect((await fetchSettled(request)).status).toBe(200);
}

async function totalViewsOf(owner: TestUser) {
  const answer = await readJson(apiClient({ token: owner.token }).analytics.me.$get());
  expectStatus(answer, 200);
  return answer.body.totalViews;
}

async function ledgerOf(boardId: number) {
  const { results } = await env.DB.prepare(
    'SELECT shard, flushed_seq, pending_since FROM view_ledger WHERE board_id = ? ORDER BY shard',
  )
    .bind(boardId)
    .all<{
      shard: number;
      flushed_seq: number;
      pending_since: number | null;
    }>();
  return results;
}

async function dailyViewsOf(boardId: number) {
  return env.DB.prepare('SELECT views, visitors FROM daily_views WHERE board_id = ?')
    .bind(boardId)
    .first<{ views: number; visitors: number }>();
}

function visitOf(address: string, at = Date.now()): Visit {
  return {
    address,
    userAgent: 'Mozilla/5.0',
    blockId: null,
    at,
    referrer: 'direct',
    country: 'SE',
  };
}

describe("a board's view counters, sharded", () => {
  it("spreads a board's batches over its counter shards and keeps the total exact", async () => {
    const owner = await createUser();
    const batches = 32;
    const countersAsked = vi.spyOn(env.VIEW_COUNTER, 'idFromName');
    // Each load is a batch of its own, sent to a shard chosen at random.
    for (let i = 0; i < batches; i += 1) await loadBoard(owner.username);
    const board = new RegExp(`^${owner.id}(:\\d+)?$`);
    const counterCalls = countersAsked.mock.calls.filter(([name]) => board.test(name));
    countersAsked.mockRestore();
    // One counter call per batch, each to one shard.
    expect(counterCalls).toHaveLength(batches);
    await runCron();

    const ledger = await ledgerOf(owner.id);
    // 32 batches over 16 shards reach about 14 of them; fewer than 6 would be a broken spread
    // (a chance below one in a billion).
    expect(ledger.length).toBeGreaterThanOrEqual(6);
    expect(ledger.every(({ shard }) => shard >= 0 && shard < counterShards)).toBe(true);
    // Each shard flushed what it gathered once, in the cron's one pass.
    expect(ledger.every((row) => row.flushed_seq === 1)).toBe(true);
    expect(ledger.every((row) => row.pending_since === null)).toBe(true);
    expect(await dailyViewsOf(owner.id)).toEqual({ views: batches, visitors: batches });
    expect(await totalViewsOf(owner)).toBe(batches);
  });

  it('counts the batches of many isolates that reach one shard at once together, exactly once each visitor', async () => {
    const owner = await createUser();
    const shard = 5;
    const counter = counterFor(env, owner.id, shard);
    // Five isolates' batches in the same window; two visitors came through two isolates each.
    const batches = [
      [visitOf('10.95.0.1'), visitOf('10.95.0.2')],
      [visitOf('10.95.0.3'), visitOf('10.95.0.1')],
      [visitOf('10.95.0.4')],
      [visitOf('10.95.0.2'), visitOf('10.95.0.5')],
      [visitOf('10.95.0.6')],
    ];
    const logsAsked = vi.spyOn(env.VISIT_LOG, 'idFromName');
    await Promise.all(batches.map((visits) => counter.count(owner.id, shard, visits)));
    const logCalls = logsAsked.mock.calls.filter(([name]) => name.startsWith(`${owner.id}:`));
    // The window's six visitors, all together, once to each visit log they fall in.
    expect(logCalls.length).toBe(new Set(logCalls.map(([name]) => name)).size);
    expect(logCalls.length).toBeGreaterThan(0);
    logsAsked.mockRestore();
    await runCron();

    expect(await dailyViewsOf(owner.id)).toEqual({ views: 6, visitors: 6 });
    // One window, so one flush of one shard.
    expect(await ledgerOf(owner.id)).toEqual([{ shard, flushed_seq: 1, pending_since: null }]);
    expect(await totalViewsOf(owner)).toBe(6);
  });

  it("flushes the counts a board's one counter held before the sharding as shard 0, once", async () => {
    const owner = await createUser();
    const today = utcDay(Date.now());
    // The counter as the release before left it: views of a batch already flushed as number 3
    // (D1 has applied it, the counter had not yet forgotten it), and 4 views not yet flushed.
    const old = counterFor(env, owner.id, 0);
    const markedAt = Date.now();
    await runInDurableObject(old, (_instance, state) => {
      state.storage.sql.exec(
        `INSERT INTO meta (key, value) VALUES
          ('board_id', ?), ('flushed_seq', 3), ('inflight_seq', 3), ('marked_at', ?)`,
        owner.id,
        markedAt,
      );
      state.storage.sql.exec(
        'INSERT INTO inflight_counts (day, block_id, views, visitors) VALUES (?, 0, 2, 2)',
        today,
      );
      state.storage.sql.exec(
        'INSERT INTO pending_counts (day, block_id, views, visitors) VALUES (?, 0, 4, 3)',
        today,
      );
    });
    await env.DB.batch([
      env.DB.prepare(
        'INSERT INTO daily_views (board_id, day, views, visitors) VALUES (?, ?, 7, 6)',
      ).bind(owner.id, today),
      env.DB.prepare(
        'INSERT INTO view_ledger (board_id, shard, flushed_seq, pending_since) VALUES (?, 0, 3, ?)',
      ).bind(owner.id, markedAt),
    ]);
    // New views meanwhile go to the shards.
    for (let i = 0; i < 3; i += 1) await loadBoard(owner.username);
    await runCron();

    expect(await dailyViewsOf(owner.id)).toEqual({ views: 7 + 4 + 3, visitors: 6 + 3 + 3 });
    const oldShard = (await ledgerOf(owner.id)).find((row) => row.shard === 0);
    expect(oldShard).toMatchObject({ pending_since: null });
    expect(oldShard?.flushed_seq).toBeGreaterThanOrEqual(4);
    expect(await totalViewsOf(owner)).toBe(14);
  });

  it('takes what an isolate of the release before sends straight to the old counter', async () => {
    const owner = await createUser();
    const counts = {
      views: 2,
      visitors: 2,
      clicks: new Map<number, number>(),
      day: utcDay(Date.now()),
    };
    // Without insights: that release counted none.
    await counterFor(env, owner.id, 0).record(owner.id, counts);
    await runCron();
    expect(await dailyViewsOf(owner.id)).toEqual({ views: 2, visitors: 2 });
    expect(await ledgerOf(owner.id)).toEqual([{ shard: 0, flushed_seq: 1, pending_since: null }]);
  });
});
