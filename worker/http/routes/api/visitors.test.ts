import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { utcDay } from '../../../domain/analytics/days';
import { repeatWindowMs, type Visit } from '../../../objects/visit-log';
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

let counter = 0;
function newAddress(): string {
  counter += 1;
  return `10.91.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
}

const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const safari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1';

type Visitor = { address: string; userAgent: string };
const visitor = (userAgent = firefox): Visitor => ({ address: newAddress(), userAgent });

function loadBoard(username: string, who: Visitor) {
  return fetchSettled(
    new Request(`http://up2.test/api/boards/${username}`, {
      headers: { 'cf-connecting-ip': who.address, 'user-agent': who.userAgent },
    }),
  );
}

function click(blockId: number, who: Visitor, headers: Record<string, string> = {}) {
  return fetchSettled(
    new Request(`http://up2.test/api/blocks/${blockId}/click`, {
      method: 'POST',
      headers: {
        'cf-connecting-ip': who.address,
        'user-agent': who.userAgent,
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        ...headers,
      },
      body: '{}',
    }),
  );
}

async function analyticsOf(owner: TestUser) {
  await runCron();
  const response = await readJson(apiClient({ token: owner.token }).analytics.me.$get());
  expectStatus(response, 200);
  return response.body;
}

describe('a view is one visitor seeing one board within 30 minutes', () => {
  it('counts a visitor reloading the board once, and each other visitor once', async () => {
    const owner = await createUser();
    const [maya, leo] = [visitor(), visitor()];
    for (let i = 0; i < 4; i++) expect((await loadBoard(owner.username, maya)).status).toBe(200);
    await loadBoard(owner.username, leo);
    expect(await analyticsOf(owner)).toMatchObject({ weeklyViews: 2, uniqueVisitors: 2 });
  });

  it('tells apart two browsers behind one address', async () => {
    const owner = await createUser();
    const address = newAddress();
    await loadBoard(owner.username, { address, userAgent: firefox });
    await loadBoard(owner.username, { address, userAgent: safari });
    await loadBoard(owner.username, { address, userAgent: safari });
    expect(await analyticsOf(owner)).toMatchObject({ weeklyViews: 2, uniqueVisitors: 2 });
  });

  it("counts one visitor's views of two boards on each", async () => {
    const [first, second] = [await createUser(), await createUser()];
    const maya = visitor();
    await loadBoard(first.username, maya);
    await loadBoard(second.username, maya);
    expect(await analyticsOf(first)).toMatchObject({ weeklyViews: 1 });
    expect(await analyticsOf(second)).toMatchObject({ weeklyViews: 1 });
  });
});

describe('the client address', () => {
  it('is not read from a CF-Connecting-IP the client sent itself, off Cloudflare: forty spoofed addresses are one visitor', async () => {
    const owner = await createUser();
    const trusted = env.CLIENT_ADDRESS_HEADER;
    // Production and development off Cloudflare: no header names the client.
    env.CLIENT_ADDRESS_HEADER = '';
    try {
      for (let i = 0; i < 40; i++) await loadBoard(owner.username, visitor());
    } finally {
      env.CLIENT_ADDRESS_HEADER = trusted;
    }
    expect(await analyticsOf(owner)).toMatchObject({ weeklyViews: 1, uniqueVisitors: 1 });
  });
});

describe('one address counts a bounded number of visitors', () => {
  const browsers = (count: number) =>
    Array.from(
      { length: count },
      (_, i) => `Mozilla/5.0 (X11; Linux x86_64; rv:${100 + i}.0) Firefox/${100 + i}.0`,
    );

  it('counts at most 20 views and visitors of a board an hour from one address, whatever user agents it rotates', async () => {
    const owner = await createUser();
    const address = newAddress();
    for (const userAgent of browsers(30)) {
      expect((await loadBoard(owner.username, { address, userAgent })).status).toBe(200);
    }
    await loadBoard(owner.username, visitor());
    expect(await analyticsOf(owner)).toMatchObject({ weeklyViews: 21, uniqueVisitors: 21 });
  });

  it('takes an IPv6 /64 as one address', async () => {
    const owner = await createUser();
    const userAgents = browsers(25);
    for (const [i, userAgent] of userAgents.entries()) {
      const address = `2001:db8:77:${counter}::${(i + 1).toString(16)}`;
      await loadBoard(owner.username, { address, userAgent });
    }
    expect(await analyticsOf(owner)).toMatchObject({ weeklyViews: 20, uniqueVisitors: 20 });
  });

  it('never counts a known bot or crawler', async () => {
    const owner = await createUser();
    const crawlers = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'curl/8.5.0',
      'python-requests/2.32.3',
    ];
    for (const userAgent of crawlers) {
      expect((await loadBoard(owner.username, visitor(userAgent))).status).toBe(200);
    }
    expect(await analyticsOf(owner)).toMatchObject({ weeklyViews: 0, uniqueVisitors: 0 });
  });

  it('makes no visitor of a click without a view', async () => {
    const owner = await createUser();
    const block = await createBlock(owner);
    for (let i = 0; i < 3; i++) expect((await click(block.id, visitor())).status).toBe(200);
    const maya = visitor();
    await loadBoard(owner.username, maya);
    await click(block.id, maya);
    expect(await analyticsOf(owner)).toMatchObject({
      weeklyViews: 1,
      uniqueVisitors: 1,
      totalClicks: 4,
    });
  });
});

describe('a click is one visitor following one block within 30 minutes', () => {
  it('counts repeated clicks of one visitor on one block once, and on another block again', async () => {
    const owner = await createUser();
    const [book, course] = [await createBlock(owner), await createBlock(owner)];
    const maya = visitor();
    for (let i = 0; i < 3; i++) expect((await click(book.id, maya)).status).toBe(200);
    await click(course.id, maya);
    await click(book.id, visitor());
    expect(await analyticsOf(owner)).toMatchObject({ totalClicks: 3 });
    const clicks = await env.DB.prepare('SELECT id, click_count FROM blocks WHERE user_id = ?')
      .bind(owner.id)
      .all<{ id: number; click_count: number }>();
    expect(Object.fromEntries(clicks.results.map((row) => [row.id, row.click_count]))).toEqual({
      [book.id]: 2,
      [course.id]: 1,
    });
    const [today] = (
      await env.DB.prepare('SELECT clicks FROM daily_views WHERE board_id = ?')
        .bind(owner.id)
        .all<{ clicks: number }>()
    ).results;
    expect(today?.clicks).toBe(3);
  });
});

describe('the click call', () => {
  it('refuses what a page on another site can send, and counts nothing', async () => {
    const owner = await createUser();
    const block = await createBlock(owner);
    const maya = visitor();
    const crossSite = await click(block.id, maya, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const otherOrigin = await click(block.id, maya, { origin: 'https://evil.example' });
    expect(otherOrigin.status).toBe(403);
    const asForm = await click(block.id, maya, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(asForm.status).toBe(415);
    expect(await analyticsOf(owner)).toMatchObject({ totalClicks: 0 });
  });

  it("counts a click from our embed, framed on someone's site: our origin, same-origin", async () => {
    const owner = await createUser();
    const block = await createBlock(owner);
    const fromEmbed = await click(block.id, visitor(), { origin: 'http://up2.test' });
    expect(fromEmbed.status).toBe(200);
    expect(await analyticsOf(owner)).toMatchObject({ totalClicks: 1 });
  });

  it('is limited per address, whatever user agent each call names: 429 after about 30 a minute (the limiter is approximate)', async () => {
    const owner = await createUser();
    const block = await createBlock(owner);
    const address = newAddress();
    const statuses: number[] = [];
    // The limiter counts per minute window: when the calls cross into the next window, the count
    // starts again, so 61 calls meet the limit whenever they run.
    while (statuses.length < 61 && !statuses.includes(429)) {
      const userAgent = `${firefox} build/${statuses.length}`;
      statuses.push((await click(block.id, { address, userAgent })).status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses).toContain(429);
    expect((await click(block.id, visitor())).status).toBe(200);
  }, 20_000);
});

function visitLogOf(boardId: number, shard: number) {
  return env.VISIT_LOG.get(env.VISIT_LOG.idFromName(`${boardId}:${shard}`));
}

const visit = (at: number, blockId: number | null = null): Visit => ({
  address: '192.0.2.44',
  userAgent: firefox,
  blockId,
  at,
});

describe('the visit log', () => {
  // A day's noon, so that half an hour either way stays within it.
  const noon = Date.parse(`${utcDay(Date.now())}T12:00:00Z`);

  it('counts a returning visitor again once 30 minutes have passed, but as a visitor only once a day', async () => {
    const log = visitLogOf(990_001, 0);
    expect(await log.admit([visit(noon)])).toMatchObject({ views: 1, visitors: 1 });
    expect(await log.admit([visit(noon + repeatWindowMs - 1)])).toMatchObject({
      views: 0,
      visitors: 0,
    });
    expect(await log.admit([visit(noon + 2 * repeatWindowMs)])).toMatchObject({
      views: 1,
      visitors: 0,
    });
  });

  it('counts one visitor repeated within a batch as the same visits one by one would, and keeps the latest time seen', async () => {
    const log = visitLogOf(990_004, 0);
    const batch = [
      visit(noon),
      visit(noon + 1000, 7),
      visit(noon + repeatWindowMs - 1),
      visit(noon + 2000, 7),
      visit(noon + 2 * repeatWindowMs - 2),
    ];
    const counts = await log.admit(batch);
    expect(counts).toMatchObject({ views: 1, visitors: 1 });
    expect([...counts.clicks]).toEqual([[7, 1]]);
    const rows = await runInDurableObject(log, (_instance, state) =>
      state.storage.sql.exec('SELECT block_id, last_at FROM seen ORDER BY block_id').toArray(),
    );
    expect(rows).toEqual([
      { block_id: 0, last_at: noon + 2 * repeatWindowMs - 2 },
      { block_id: 7, last_at: noon + 2000 },
    ]);
  });

  it('keeps no address, and forgets its salt and visitors when the day ends', async () => {
    const log = visitLogOf(990_002, 0);
    await log.admit([visit(noon), visit(noon, 7)]);
    const stored = await runInDurableObject(log, (_instance, state) => ({
      seen: state.storage.sql.exec('SELECT visitor FROM seen').toArray(),
      salts: state.storage.sql.exec('SELECT day FROM salt').toArray(),
    }));
    expect(stored.seen).toHaveLength(2);
    expect(JSON.stringify(stored.seen)).not.toContain('192.0.2.44');
    expect(stored.salts).toEqual([{ day: utcDay(noon) }]);

    expect(await runDurableObjectAlarm(log)).toBe(true);
    const after = await runInDurableObject(log, (_instance, state) =>
      state.storage.sql.exec('SELECT count(*) AS n FROM seen').one(),
    );
    expect(after.n).toBe(0);
  });

  it('counts the same person the next day as a new visitor, with a new salt', async () => {
    const log = visitLogOf(990_003, 0);
    const tomorrow = noon + 24 * 60 * 60 * 1000;
    expect(await log.admit([visit(noon)])).toMatchObject({ visitors: 1 });
    expect(await log.admit([visit(tomorrow)])).toMatchObject({ views: 1, visitors: 1 });
    const salts = await runInDurableObject(log, (_instance, state) =>
      state.storage.sql.exec('SELECT day FROM salt').toArray(),
    );
    expect(salts).toEqual([{ day: utcDay(tomorrow) }]);
  });
});
