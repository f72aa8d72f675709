import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { lastDays, utcDay } from '../../../domain/analytics/days';
import { counterFor } from '../../../domain/analytics/views';
import {
  apiClient,
  createBlock,
  createUser,
  expectStatus,
  fetchSettled,
  readJson,
  runCron,
  type TestUser,
} from '../../../test/factories';

const dayMs = 24 * 60 * 60 * 1000;

let visitors = 0;
/** Another visitor's address each time: a view counts once per visitor in 30 minutes. */
function newVisitorAddress(): string {
  visitors += 1;
  return `10.77.${Math.floor(visitors / 250) % 250}.${(visitors % 250) + 1}`;
}

/** Loads a board as a browser would and waits until the view it records (in waitUntil) is done. */
async function loadBoard(username: string, viewer?: TestUser, address = newVisitorAddress()) {
  const headers = new Headers({ 'cf-connecting-ip': address });
  if (viewer) headers.set('authorization', `Bearer ${viewer.token}`);
  return fetchSettled(new Request(`http://up2.test/api/boards/${username}`, { headers }));
}

async function analyticsOf(user: TestUser) {
  const response = await readJson(apiClient({ token: user.token }).analytics.me.$get());
  expectStatus(response, 200);
  return response.body;
}

/** A "Visit Link" click as the board page sends it, from another visitor each time. */
async function click(blockId: number | undefined, viewer?: TestUser) {
  const headers = new Headers({
    'cf-connecting-ip': newVisitorAddress(),
    'content-type': 'application/json',
    'sec-fetch-site': 'same-origin',
  });
  if (viewer) headers.set('authorization', `Bearer ${viewer.token}`);
  const request = new Request(`http://up2.test/api/blocks/${blockId}/click`, {
    method: 'POST',
    headers,
    body: '{}',
  });
  return fetchSettled(request);
}

/** Loads the board as `count` visitors at once: one batch, so one counter shard takes it. */
async function loadBoardAtOnce(username: string, count: number) {
  await Promise.all(Array.from({ length: count }, () => loadBoard(username)));
}

/** The one counter shard that holds the board's views (its batches all went to one). */
async function counterOf(boardId: number) {
  const rows = await ledgerRowsOf(boardId);
  expect(rows).toHaveLength(1);
  return counterFor(env, boardId, rows[0]?.shard ?? -1);
}

async function ledgerRowsOf(boardId: number) {
  const { results } = await env.DB.prepare(
    'SELECT shard, flushed_seq, pending_since FROM view_ledger WHERE board_id = ?',
  )
    .bind(boardId)
    .all<{
      shard: number;
      flushed_seq: number;
      pending_since: number | null;
    }>();
  return results;
}

async function dailyViewRows(boardId: number) {
  const { results } = await env.DB.prepare(
    'SELECT day, views FROM daily_views WHERE board_id = ? ORDER BY day',
  )
    .bind(boardId)
    .all<{ day: string; views: number }>();
  return results;
}

/** The board's ledger, when a single counter shard took all its batches. */
async function ledgerOf(boardId: number) {
  const rows = await ledgerRowsOf(boardId);
  expect(rows.length).toBeLessThanOrEqual(1);
  const [row] = rows;
  return row ? { flushed_seq: row.flushed_seq, pending_since: row.pending_since } : null;
}

describe('board views', () => {
  it('counts one view when someone other than the owner loads the board', async () => {
    const owner = await createUser();
    expect((await loadBoard(owner.username)).status).toBe(200);
    await runCron();
    expect(await analyticsOf(owner)).toMatchObject({ totalViews: 1, weeklyViews: 1 });

    const visitor = await createUser();
    expect((await loadBoard(owner.username, visitor)).status).toBe(200);
    await runCron();
    expect(await analyticsOf(owner)).toMatchObject({ totalViews: 2, weeklyViews: 2 });
  });

  it("does not count the owner's own loads", async () => {
    const owner = await createUser();
    for (let i = 0; i < 3; i += 1)
      expect((await loadBoard(owner.username, owner)).status).toBe(200);
    await runCron();
    expect(await analyticsOf(owner)).toMatchObject({ totalViews: 0, weeklyViews: 0 });
    expect(await dailyViewRows(owner.id)).toEqual([]);

    await loadBoard(owner.username);
    await loadBoard(owner.username, owner);
    await runCron();
    expect(await analyticsOf(owner)).toMatchObject({ totalViews: 1, weeklyViews: 1 });
  });

  it('does not count loads of a private board', async () => {
    const owner = await createUser({ isPublic: false });
    const visitor = await createUser();
    expect((await loadBoard(owner.username)).status).toBe(404);
    expect((await loadBoard(owner.username, visitor)).status).toBe(404);
    expect((await loadBoard(owner.username, owner)).status).toBe(200);
    await runCron();
    expect(await analyticsOf(owner)).toMatchObject({ totalViews: 0, weeklyViews: 0 });
    expect(await dailyViewRows(owner.id)).toEqual([]);
    expect(await ledgerOf(owner.id)).toBeNull();
  });

  it('counts exactly 50 views for 50 concurrent loads, written to D1 as one batch', async () => {
    const owner = await createUser();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetchSettled(
          new Request(`http://up2.test/api/boards/${owner.username}`, {
            headers: { 'cf-connecting-ip': `10.78.0.${i + 1}` },
          }),
        ),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));

    await runCron();
    expect(await analyticsOf(owner)).toMatchObject({ totalViews: 50, weeklyViews: 50 });
    expect(await dailyViewRows(owner.id)).toEqual([{ day: utcDay(Date.now()), views: 50 }]);
    // One numbered batch reached D1, not one write per view.
    expect(await ledgerOf(owner.id)).toEqual({ flushed_seq: 1, pending_since: null });
  });

  it('counts concurrent loads of several boards each on its own board, exactly', async () => {
    const owners = [await createUser(), await createUser(), await createUser()];
    const loads = owners.flatMap((owner, index) =>
      Array.from({ length: 5 + index * 7 }, () => owner.username),
    );
    await Promise.all(loads.map((username) => loadBoard(username)));

    await runCron();
    const totals = await Promise.all(
      owners.map(async (owner) => (await analyticsOf(owner)).totalViews),
    );
    expect(totals).toEqual([5, 12, 19]);
  });

  it('does not count anything twice when the cron runs twice', async () => {
    const owner = await createUser();
    await loadBoardAtOnce(owner.username, 4);
    await runCron();
    await runCron();
    expect(await analyticsOf(owner)).toMatchObject({ totalViews: 4, weeklyViews: 4 });
    expect(await dailyViewRows(owner.id)).toEqual([{ day: utcDay(Date.now()), views: 4 }]);
    expect((await ledgerOf(owner.id))?.flushed_seq).toBe(1);
  });

  it('keeps counting views that arrive after a flush', async () => {
    const owner = await createUser();
    await loadBoard(owner.username);
    await runCron();
    await loadBoardAtOnce(owner.username, 2);
    await runCron();
    expect(await analyticsOf(owner)).toMatchObject({ totalViews: 3, weeklyViews: 3 });
    // Two batches, each flushed once by the shard that took it.
    const ledger = await ledgerRowsOf(owner.id);
    expect(ledger.reduce((sum, row) => sum + row.flushed_seq, 0)).toBe(2);
    for (const row of ledger) {
      expect(row).toMatchObject({ pending_since: null });
    }
  });

  it("shows the owner a board's views as soon as its counter's alarm flushes them to D1, with no cron", async () => {
    const owner = await createUser();
    await loadBoardAtOnce(owner.username, 3);
    expect((await ledgerOf(owner.id))?.pending_since).not.toBeNull();
    expect(await dailyViewRows(owner.id)).toEqual([]);
    expect(await analyticsOf(owner)).toMatchObject({ totalViews: 0, weeklyViews: 0 });

    expect(await runDurableObjectAlarm(await counterOf(owner.id))).toBe(true);
    expect(await dailyViewRows(owner.id)).toEqual([{ day: utcDay(Date.now()), views: 3 }]);
    expect(await ledgerOf(owner.id)).toMatchObject({ flushed_seq: 1, pending_since: null });
    expect(await analyticsOf(owner)).toMatchObject({ totalViews: 3, weeklyViews: 3 });

    await runCron();
    expect(await analyticsOf(owner)).toMatchObject({ totalViews: 3, weeklyViews: 3 });
    expect(await dailyViewRows(owner.id)).toEqual([{ day: utcDay(Date.now()), views: 3 }]);
  });

  it('does not apply a retried flush with an already applied batch number twice', async () => {
    const owner = await createUser();
    await loadBoardAtOnce(owner.username, 3);
    const counter = await counterOf(owner.id);
    await counter.flush();
    expect(await dailyViewRows(owner.id)).toEqual([{ day: utcDay(Date.now()), views: 3 }]);
    expect((await ledgerOf(owner.id))?.flushed_seq).toBe(1);

    // As if the counter stopped after D1 applied batch 1 but before it forgot the batch.
    await runInDurableObject(counter, (_instance, state) => {
      state.storage.sql.exec(
        'INSERT INTO inflight_counts (day, block_id, views, visitors) VALUES (?, 0, 3, 3)',
        utcDay(Date.now()),
      );
      state.storage.sql.exec(
        "INSERT INTO meta (key, value) VALUES ('inflight_seq', 1) ON CONFLICT (key) DO UPDATE SET value = 1",
      );
    });
    await counter.flush();
    expect(await dailyViewRows(owner.id)).toEqual([{ day: utcDay(Date.now()), views: 3 }]);
    const inflight = await runInDurableObject(counter, (_instance, state) =>
      state.storage.sql.exec('SELECT count(*) AS n FROM inflight_counts').one(),
    );
    expect(inflight.n).toBe(0);

    // The next real batch still counts, on whichever shard takes it.
    await loadBoard(owner.username);
    await runCron();
    expect(await dailyViewRows(owner.id)).toEqual([{ day: utcDay(Date.now()), views: 4 }]);
    expect(await analyticsOf(owner)).toMatchObject({ totalViews: 4, weeklyViews: 4 });
  });

  it('counts views once when two flushes of the same counter run at the same time', async () => {
    const owner = await createUser();
    await loadBoardAtOnce(owner.username, 5);
    const counter = await counterOf(owner.id);
    await Promise.all([counter.flush(), counter.flush(), runCron()]);
    await counter.flush();
    expect(await dailyViewRows(owner.id)).toEqual([{ day: utcDay(Date.now()), views: 5 }]);
    await runCron();
    expect(await analyticsOf(owner)).toMatchObject({ totalViews: 5, weeklyViews: 5 });
  });

  it('counts only the last 7 days, today included, in weeklyViews', async () => {
    const owner = await createUser();
    const insert = env.DB.prepare(
      'INSERT INTO daily_views (board_id, day, views) VALUES (?, ?, ?)',
    );
    await env.DB.batch([
      insert.bind(owner.id, utcDay(Date.now() - 6 * dayMs), 4),
      insert.bind(owner.id, utcDay(Date.now() - 7 * dayMs), 7),
      insert.bind(owner.id, utcDay(Date.now() - 40 * dayMs), 10),
    ]);
    await loadBoard(owner.username);
    await loadBoard(owner.username);
    await runCron();
    expect(await analyticsOf(owner)).toMatchObject({ totalViews: 23, weeklyViews: 6 });
  });
});

describe('GET /api/analytics/me', () => {
  it('refuses a signed-out caller with 401', async () => {
    const response = await readJson(apiClient().analytics.me.$get());
    expect(response.status).toBe(401);
  });

  it('answers zeros and no popular blocks for a new board', async () => {
    const owner = await createUser();
    expect(await analyticsOf(owner)).toEqual({
      totalViews: 0,
      weeklyViews: 0,
      uniqueVisitors: 0,
      totalCopies: 0,
      totalClicks: 0,
      popularBlocks: [],
      followers: 0,
      daily: lastDays(30, Date.now()).map((date) => ({ date, views: 0, clicks: 0 })),
      insights: { views: 0, referrers: [], countries: [], devices: [], blocks: [] },
    });
  });

  // Six accounts and 21 copies made one by one: seconds on a busy machine.
  it('answers totals of copies and clicks and the top 5 blocks by copies', async () => {
    const owner = await createUser();
    const copiers = await Promise.all(Array.from({ length: 6 }, () => createUser()));
    const blocks = [];
    for (let copies = 1; copies <= 6; copies += 1) {
      blocks.push({ block: await createBlock(owner, { title: `copied ${copies}x` }), copies });
    }
    await createBlock(owner, { title: 'never copied' });
    for (const { block, copies } of blocks) {
      for (const copier of copiers.slice(0, copies)) {
        const copied = await readJson(
          apiClient({ token: copier.token }).blocks[':id'].copy.$post({
            param: { id: String(block.id) },
          }),
        );
        expectStatus(copied, 201);
      }
    }
    const clicked = blocks[0]?.block.id;
    for (let i = 0; i < 3; i += 1) await click(clicked);
    await click(blocks[1]?.block.id, copiers[0]);
    await click(clicked, owner);
    await runCron();

    const analytics = await analyticsOf(owner);
    expect(Object.keys(analytics).sort()).toEqual([
      'daily',
      'followers',
      'insights',
      'popularBlocks',
      'totalClicks',
      'totalCopies',
      'totalViews',
      'uniqueVisitors',
      'weeklyViews',
    ]);
    expect(analytics).toMatchObject({
      totalViews: 0,
      weeklyViews: 0,
      totalCopies: 21,
      totalClicks: 4,
    });
    expect(analytics.popularBlocks.map(({ title, copies }) => ({ title, copies }))).toEqual([
      { title: 'copied 6x', copies: 6 },
      { title: 'copied 5x', copies: 5 },
      { title: 'copied 4x', copies: 4 },
      { title: 'copied 3x', copies: 3 },
      { title: 'copied 2x', copies: 2 },
    ]);

    // The copiers' own analytics are not touched by what they copied.
    expect(await analyticsOf(copiers[0] as TestUser)).toMatchObject({
      totalCopies: 0,
      popularBlocks: [],
    });
  }, 20_000);
});

describe('daily views and clicks in GET /api/analytics/me', () => {
  async function dailyOf(owner: TestUser) {
    const answer = await readJson(apiClient({ token: owner.token }).analytics.me.$get());
    expectStatus(answer, 200);
    return answer.body.daily;
  }

  const today = () => utcDay(Date.now());
  const daysAgo = (days: number) => utcDay(Date.now() - days * dayMs);

  it('answers exactly the last 30 UTC days, oldest first, ending today, all zero for a new board', async () => {
    const owner = await createUser();
    const daily = await dailyOf(owner);
    expect(daily).toHaveLength(30);
    expect(daily[0]?.date).toBe(daysAgo(29));
    expect(daily.at(-1)?.date).toBe(today());
    for (const [i, day] of daily.entries()) {
      expect(day).toEqual({ date: daysAgo(29 - i), views: 0, clicks: 0 });
    }
  });

  it("counts today's views and link clicks once the cron has flushed them", async () => {
    const owner = await createUser();
    const block = await createBlock(owner);
    await loadBoard(owner.username);
    await loadBoard(owner.username);
    await click(block.id);
    expect((await dailyOf(owner)).at(-1)).toEqual({ date: today(), views: 0, clicks: 0 });

    await runCron();
    expect((await dailyOf(owner)).at(-1)).toEqual({ date: today(), views: 2, clicks: 1 });
  });

  it('places earlier days on their date, zero between them, and leaves out days before the 30', async () => {
    const owner = await createUser();
    const insert = env.DB.prepare(
      'INSERT INTO daily_views (board_id, day, views, clicks) VALUES (?, ?, ?, ?)',
    );
    await env.DB.batch([
      insert.bind(owner.id, daysAgo(29), 5, 1),
      insert.bind(owner.id, daysAgo(3), 8, 2),
      insert.bind(owner.id, daysAgo(30), 100, 100),
    ]);
    // And a visit today, counted by the cron.
    await loadBoard(owner.username);
    await runCron();

    const daily = await dailyOf(owner);
    expect(daily).toHaveLength(30);
    expect(daily[0]).toEqual({ date: daysAgo(29), views: 5, clicks: 1 });
    expect(daily[26]).toEqual({ date: daysAgo(3), views: 8, clicks: 2 });
    expect(daily[29]).toEqual({ date: today(), views: 1, clicks: 0 });
    const quiet = daily.filter((_, i) => ![0, 26, 29].includes(i));
    expect(quiet.every((day) => day.views === 0 && day.clicks === 0)).toBe(true);
  });

  it("counts only the owner's own board", async () => {
    const owner = await createUser();
    const other = await createUser();
    const othersBlock = await createBlock(other);
    await loadBoard(other.username);
    await click(othersBlock.id);
    await loadBoard(owner.username);
    await runCron();

    expect((await dailyOf(owner)).at(-1)).toEqual({ date: today(), views: 1, clicks: 0 });
    expect((await dailyOf(other)).at(-1)).toEqual({ date: today(), views: 1, clicks: 1 });
  });
});

describe('the scheduled job', () => {
  it('deletes expired password reset tokens and keeps the valid ones', async () => {
    const user = await createUser();
    const expired = `expired-${crypto.randomUUID()}`;
    const valid = `valid-${crypto.randomUUID()}`;
    const insert = env.DB.prepare(
      'INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES (?, ?, ?)',
    );
    await env.DB.batch([
      insert.bind(expired, user.id, Date.now() - 60_000),
      insert.bind(valid, user.id, Date.now() + 60 * 60_000),
    ]);
    await runCron();
    const { results } = await env.DB.prepare(
      'SELECT token_hash FROM password_reset_tokens WHERE user_id = ?',
    )
      .bind(user.id)
      .all<{ token_hash: string }>();
    expect(results.map((row) => row.token_hash)).toEqual([valid]);
  });
});
