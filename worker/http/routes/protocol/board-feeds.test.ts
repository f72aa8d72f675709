import { parseAtomFeed, parseJsonFeed } from 'feedsmith';
import { describe, expect, it } from 'vitest';
import {
  apiClient,
  createBlock,
  createUser,
  expectStatus,
  fetchSettled,
  moveBlockTo,
  readJson,
  type TestUser,
  viewsOf,
  withAppShell,
} from '../../../test/factories';

function fetchFeed(username: string, file: 'feed.xml' | 'feed.json') {
  return fetchSettled(new Request(`http://up2.test/@${username}/${file}`));
}

async function moveTo(user: TestUser, id: number, status: 'now' | 'planned' | 'done') {
  expectStatus(await moveBlockTo(user, id, status), 200);
}

/** A board whose story is: A started, B planned, then B started, then A finished; C is hidden. */
async function boardWithNews() {
  const owner = await createUser();
  const a = await createBlock(owner, {
    title: 'Portuguese A2',
    externalUrl: 'https://example.com/pt',
  });
  const b = await createBlock(owner, {
    title: 'The Alps',
    status: 'planned',
    progress: 0,
    externalUrl: null,
  });
  await createBlock(owner, { title: 'Secret plan', isVisible: false });
  await moveTo(owner, b.id, 'now');
  await moveTo(owner, a.id, 'done');
  return { owner, a, b };
}

describe('GET /@username/feed.xml and /feed.json', () => {
  it('tells the board as Atom news, newest first, without hidden blocks', async () => {
    const { owner } = await boardWithNews();
    const response = await fetchFeed(owner.username, 'feed.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');

    const feed = parseAtomFeed(await response.text());
    const name = `Name ${owner.username}`;
    expect(feed.title?.value).toBe(`${name} (@${owner.username}) on Up2`);
    expect(feed.id).toBe(`http://localhost:5173/@${owner.username}`);
    expect(feed.links?.map((link) => link.href)).toContain(
      `http://up2.test/@${owner.username}/feed.xml`,
    );
    expect(feed.entries?.map((entry) => entry.title?.value)).toEqual([
      `${name} finished Portuguese A2`,
      `${name} started The Alps`,
      `${name} is planning The Alps`,
      `${name} started Portuguese A2`,
    ]);
    const [finished] = feed.entries ?? [];
    expect(finished?.links?.[0]?.href).toBe('https://example.com/pt');
    expect(new Set(feed.entries?.map((entry) => entry.id)).size).toBe(4);
    expect(Date.parse(finished?.updated ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it("may be read from any site and shown by a browser's feed viewer, but runs and loads nothing of its own", async () => {
    const { owner } = await boardWithNews();
    const response = await fetchFeed(owner.username, 'feed.xml');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('sandbox');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('tells the same news as a JSON Feed, with absolute addresses', async () => {
    const { owner } = await boardWithNews();
    const response = await fetchFeed(owner.username, 'feed.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');

    const feed = parseJsonFeed(await response.text());
    expect(feed.feed_url).toBe(`http://up2.test/@${owner.username}/feed.json`);
    expect(feed.home_page_url).toBe(`http://localhost:5173/@${owner.username}`);
    expect(feed.items?.map((item) => item.title)).toEqual([
      `Name ${owner.username} finished Portuguese A2`,
      `Name ${owner.username} started The Alps`,
      `Name ${owner.username} is planning The Alps`,
      `Name ${owner.username} started Portuguese A2`,
    ]);
    expect(feed.items?.[0]?.url).toBe('https://example.com/pt');
    expect(feed.items?.[1]?.url).toBe(`http://localhost:5173/@${owner.username}`);
  });

  it("sends the owner's words as plain text, never as markup a feed reader would run", async () => {
    const owner = await createUser();
    const markup = '<img src=x onerror="alert(1)"> & <b>bold</b>';
    const block = await createBlock(owner, {
      title: markup,
      subtitle: '<script>alert(2)</script>',
      description: '<a href="javascript:alert(3)">click</a>',
    });
    await moveTo(owner, block.id, 'done');

    const atom = await (await fetchFeed(owner.username, 'feed.xml')).text();
    expect(atom).not.toContain('type="html"');
    const [entry] = parseAtomFeed(atom).entries ?? [];
    expect(entry?.title).toEqual({
      value: `Name ${owner.username} finished ${markup}`,
      type: 'text',
    });
    expect(entry?.summary).toEqual({
      value: '<script>alert(2)</script> · <a href="javascript:alert(3)">click</a>',
      type: 'text',
    });

    const json = JSON.parse(await (await fetchFeed(owner.username, 'feed.json')).text());
    const [item] = json.items;
    expect(item).not.toHaveProperty('content_html');
    expect(item.title).toBe(`Name ${owner.username} finished ${markup}`);
    expect(item.content_text).toBe(
      '<script>alert(2)</script> · <a href="javascript:alert(3)">click</a>',
    );
  });

  it('answers 404 for a private or unknown board, and a board made private leaves its feed at once', async () => {
    const hidden = await createUser({ isPublic: false });
    await createBlock(hidden, { title: 'Not for feeds' });
    expect((await fetchFeed(hidden.username, 'feed.xml')).status).toBe(404);
    expect((await fetchFeed(hidden.username, 'feed.json')).status).toBe(404);
    expect((await fetchFeed('nobody-here-at-all', 'feed.xml')).status).toBe(404);

    const { owner } = await boardWithNews();
    expect((await fetchFeed(owner.username, 'feed.xml')).status).toBe(200);
    const madePrivate = await readJson(
      apiClient({ token: owner.token }).auth.me.$put({ json: { isPublic: false } }),
    );
    expectStatus(madePrivate, 200);
    expect((await fetchFeed(owner.username, 'feed.xml')).status).toBe(404);
  });

  it('shows the next change at once, though cached, and counts no view', async () => {
    const { owner, b } = await boardWithNews();
    const first = await fetchFeed(owner.username, 'feed.json');
    const etag = first.headers.get('etag') ?? '';
    const again = await fetchSettled(
      new Request(`http://up2.test/@${owner.username}/feed.json`, {
        headers: { 'if-none-match': etag },
      }),
    );
    expect(again.status).toBe(304);

    await moveTo(owner, b.id, 'done');
    const feed = parseJsonFeed(await (await fetchFeed(owner.username, 'feed.json')).text());
    expect(feed.items?.[0]?.title).toBe(`Name ${owner.username} finished The Alps`);
    expect(await viewsOf(owner)).toEqual({ totalViews: 0, weeklyViews: 0 });
  });

  it('is announced in the head of the board page', async () => {
    const { owner } = await boardWithNews();
    const shell =
      '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>';
    const page = await fetchSettled(
      new Request(`http://up2.test/@${owner.username}`),
      withAppShell(shell).env,
    );
    const html = await page.text();
    expect(html).toContain(
      `<link rel="alternate" type="application/atom+xml" href="http://up2.test/@${owner.username}/feed.xml"`,
    );
    expect(html).toContain(
      `<link rel="alternate" type="application/feed+json" href="http://up2.test/@${owner.username}/feed.json"`,
    );
  });
});
