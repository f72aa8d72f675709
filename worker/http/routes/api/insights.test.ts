import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { utcDay } from '../../../domain/analytics/days';
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

const desktop =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const ipad =
  'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const androidPhone =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const androidTablet =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let visitors = 0;
function newVisitorAddress(): string {
  visitors += 1;
  return `10.91.${Math.floor(visitors / 250) % 250}.${(visitors % 250) + 1}`;
}

type Load = { referer?: string; country?: string; userAgent?: string; address?: string };

/** A view of the board page, as a browser somewhere sends it. */
function boardPageRequest(username: string, load: Load = {}) {
  const headers = new Headers({
    'cf-connecting-ip': load.address ?? newVisitorAddress(),
    'user-agent': load.userAgent ?? desktop,
  });
  if (load.referer !== undefined) headers.set('referer', load.referer);
  const cf = load.country === undefined ? {} : { country: load.country };
  return new Request(`http://up2.test/api/boards/${username}`, { headers, cf });
}

/** Loads the board as all of `loads` at once: one batch, counted together. */
async function loadAll(username: string, loads: Load[]) {
  const responses = await Promise.all(
    loads.map((load) => fetchSettled(boardPageRequest(username, load))),
  );
  expect(responses.map((response) => response.status)).toEqual(loads.map(() => 200));
}

async function click(blockId: number) {
  const request = new Request(`http://up2.test/api/blocks/${blockId}/click`, {
    method: 'POST',
    headers: {
      'cf-connecting-ip': newVisitorAddress(),
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
    },
    body: '{}',
  });
  expect((await fetchSettled(request)).status).toBeLessThan(300);
}

async function insightsOf(owner: TestUser) {
  const answer = await readJson(apiClient({ token: owner.token }).analytics.me.$get());
  expectStatus(answer, 200);
  return answer.body.insights;
}

const times = (count: number, load: Load): Load[] => Array.from({ length: count }, () => load);

describe('where visitors come from, in GET /api/analytics/me', () => {
  it("counts each view under its Referer's domain, without www, path or query", async () => {
    const owner = await createUser();
    await loadAll(owner.username, [
      ...times(3, { referer: 'https://www.news.example.com/story?reader=ann@example.com' }),
      ...times(2, { referer: 'https://mastodon.social/@ann/1234' }),
      { referer: 'http://NEWS.example.com/' },
      { referer: 'https://l.instagram.com/?u=https%3A%2F%2Fup2.test' },
    ]);
    await runCron();
    expect((await insightsOf(owner)).referrers).toEqual([
      { name: 'news.example.com', views: 4 },
      { name: 'mastodon.social', views: 2 },
      { name: 'l.instagram.com', views: 1 },
    ]);
  });

  it('counts views with no Referer or a garbage one as direct, and from our own pages as up2', async () => {
    const owner = await createUser();
    await loadAll(owner.username, [
      {},
      { referer: '' },
      { referer: 'not a url' },
      { referer: 'android-app://com.google.android.gm/' },
      { referer: 'http://192.168.1.5/intranet' },
      { referer: `https://${'a'.repeat(120)}.example.com/` },
      { referer: 'javascript:alert(1)' },
      { referer: 'http://up2.test/discover' },
      { referer: 'https://www.up2.test/@someone' },
    ]);
    await runCron();
    expect((await insightsOf(owner)).referrers).toEqual([
      { name: 'direct', views: 7 },
      { name: 'up2', views: 2 },
    ]);
  });

  it('keeps the top five referring sites, most views first', async () => {
    const owner = await createUser();
    const sites = ['a.example', 'b.example', 'c.example', 'd.example', 'e.example', 'f.example'];
    await loadAll(
      owner.username,
      sites.flatMap((site, index) => times(index + 1, { referer: `https://${site}/` })),
    );
    await runCron();
    expect(
      (await insightsOf(owner)).referrers.map(({ name, views }) => `${name} ${views}`),
    ).toEqual(['f.example 6', 'e.example 5', 'd.example 4', 'c.example 3', 'b.example 2']);
  });

  it('counts views by country, with XX where Cloudflare names none', async () => {
    const owner = await createUser();
    await loadAll(owner.username, [
      ...times(3, { country: 'DE' }),
      ...times(2, { country: 'BR' }),
      { country: 'T1' },
      { country: 'not a country' },
      {},
    ]);
    await runCron();
    expect((await insightsOf(owner)).countries).toEqual([
      { name: 'DE', views: 3 },
      { name: 'BR', views: 2 },
      { name: 'XX', views: 2 },
      { name: 'T1', views: 1 },
    ]);
  });

  it('counts views by device class: phones, tablets, desktops', async () => {
    const owner = await createUser();
    await loadAll(owner.username, [
      ...times(3, { userAgent: iphone }),
      { userAgent: androidPhone },
      { userAgent: ipad },
      { userAgent: androidTablet },
      { userAgent: desktop },
      { userAgent: '' },
    ]);
    await runCron();
    expect((await insightsOf(owner)).devices).toEqual([
      { name: 'phone', views: 4 },
      { name: 'desktop', views: 2 },
      { name: 'tablet', views: 2 },
    ]);
  });

  it('counts only what counts as a view: no bot, no repeat within 30 minutes, not the owner', async () => {
    const owner = await createUser();
    const returning = { address: '10.92.0.1', referer: 'https://news.example.com/', country: 'FR' };
    await loadAll(owner.username, [
      returning,
      { userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)', country: 'US' },
    ]);
    await loadAll(owner.username, [returning]);
    const ownLoad = boardPageRequest(owner.username, { country: 'US' });
    ownLoad.headers.set('authorization', `Bearer ${owner.token}`);
    await fetchSettled(ownLoad);
    await runCron();
    const insights = await insightsOf(owner);
    expect(insights.views).toBe(1);
    expect(insights.referrers).toEqual([{ name: 'news.example.com', views: 1 }]);
    expect(insights.countries).toEqual([{ name: 'FR', views: 1 }]);
    expect(insights.devices).toEqual([{ name: 'desktop', views: 1 }]);
  });

  it('answers each block its click-through rate: its clicks over the board views of the 30 days', async () => {
    const owner = await createUser();
    const often = await createBlock(owner, { title: 'Clicked twice' });
    const once = await createBlock(owner, { title: 'Clicked once' });
    await createBlock(owner, { title: 'Never clicked' });
    await loadAll(owner.username, times(4, {}));
    await click(often.id);
    await click(often.id);
    await click(once.id);
    await runCron();
    expect(await insightsOf(owner)).toMatchObject({
      views: 4,
      blocks: [
        { id: often.id, title: 'Clicked twice', clicks: 2, clickThroughRate: 0.5 },
        { id: once.id, title: 'Clicked once', clicks: 1, clickThroughRate: 0.25 },
      ],
    });
  });

  it('leaves out days before the last 30 and blocks that were deleted', async () => {
    const owner = await createUser();
    const block = await createBlock(owner, { title: 'Gone' });
    const kept = await createBlock(owner, { title: 'Kept' });
    const longAgo = utcDay(Date.now() - 31 * 24 * 60 * 60 * 1000);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO daily_insights (board_id, day, kind, name, views) VALUES (?, ?, 'referrer', 'old.example', 9)",
      ).bind(owner.id, longAgo),
      env.DB.prepare(
        'INSERT INTO daily_block_clicks (block_id, board_id, day, clicks) VALUES (?, ?, ?, 9)',
      ).bind(kept.id, owner.id, longAgo),
    ]);
    await loadAll(owner.username, [{ referer: 'https://new.example/' }]);
    await click(block.id);
    await click(kept.id);
    await runCron();
    const deleted = await readJson(
      apiClient({ token: owner.token }).blocks[':id'].$delete({
        param: { id: String(block.id) },
      }),
    );
    expect(deleted.status).toBeLessThan(300);
    const insights = await insightsOf(owner);
    expect(insights.referrers).toEqual([{ name: 'new.example', views: 1 }]);
    expect(insights.blocks).toEqual([
      { id: kept.id, title: 'Kept', clicks: 1, clickThroughRate: 1 },
    ]);
  });

  // Sixty visitors at once and two roll-ups: seconds on a busy machine.
  it('keeps a bounded number of referring sites a day and counts the rest as other', async () => {
    const owner = await createUser();
    // One shard keeps 50 sites apart per flush; a board's day in D1 100.
    await loadAll(
      owner.username,
      Array.from({ length: 60 }, (_, i) => ({ referer: `https://site${i}.example/` })),
    );
    await runCron();
    const stored = async () =>
      (
        await env.DB.prepare(
          "SELECT name, views FROM daily_insights WHERE board_id = ? AND kind = 'referrer'",
        )
          .bind(owner.id)
          .all<{ name: string; views: number }>()
      ).results;
    let rows = await stored();
    expect(rows).toHaveLength(51);
    expect(rows.find((row) => row.name === 'other')?.views).toBe(10);
    expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(60);

    const fill = env.DB.prepare(
      "INSERT INTO daily_insights (board_id, day, kind, name, views) VALUES (?, ?, 'referrer', ?, 1)",
    );
    await env.DB.batch(
      Array.from({ length: 49 }, (_, i) =>
        fill.bind(owner.id, utcDay(Date.now()), `more${i}.example`),
      ),
    );
    await loadAll(owner.username, [{ referer: 'https://one-too-many.example/' }]);
    await runCron();
    rows = await stored();
    expect(rows).toHaveLength(100);
    expect(rows.find((row) => row.name === 'other')?.views).toBe(11);
  }, 20_000);

  it('stores counts per day only, nothing of any one visitor', async () => {
    const owner = await createUser();
    const address = '10.93.7.7';
    await loadAll(owner.username, [
      { address, userAgent: iphone, referer: 'https://news.example.com/a?who=ann', country: 'NL' },
    ]);
    await runCron();
    const { results } = await env.DB.prepare('SELECT * FROM daily_insights WHERE board_id = ?')
      .bind(owner.id)
      .all<Record<string, unknown>>();
    expect(results.map((row) => Object.keys(row).sort())).toEqual(
      results.map(() => ['board_id', 'day', 'kind', 'name', 'views']),
    );
    const stored = JSON.stringify(results);
    for (const personal of [address, iphone, '/a', 'who=ann', 'Mozilla']) {
      expect(stored).not.toContain(personal);
    }
    expect(results.map(({ kind, name }) => `${kind} ${name}`).sort()).toEqual([
      'country NL',
      'device phone',
      'referrer news.example.com',
    ]);
  });

  it('hands the daily insights and block clicks to the account export', async () => {
    const owner = await createUser();
    const block = await createBlock(owner, { title: 'Exported' });
    await loadAll(owner.username, [
      { referer: 'https://news.example.com/', country: 'NL', userAgent: iphone },
    ]);
    await click(block.id);
    await runCron();
    const exported = await readJson(apiClient({ token: owner.token }).account.export.$get());
    expectStatus(exported, 200);
    const today = utcDay(Date.now());
    expect(exported.body.dailyInsights).toEqual([
      { day: today, kind: 'country', name: 'NL', views: 1 },
      { day: today, kind: 'device', name: 'phone', views: 1 },
      { day: today, kind: 'referrer', name: 'news.example.com', views: 1 },
    ]);
    expect(exported.body.dailyBlockClicks).toEqual([{ day: today, blockId: block.id, clicks: 1 }]);
  });

  it('are described in the OpenAPI reference of GET /api/analytics/me', async () => {
    const document = await fetchSettled(new Request('http://up2.test/api/openapi.json'));
    const body = (await document.json()) as {
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    };
    const answer = JSON.stringify(body.paths['/analytics/me']?.get?.responses['200']);
    for (const field of ['insights', 'referrers', 'countries', 'devices', 'clickThroughRate']) {
      expect(answer).toContain(field);
    }
  });
});
