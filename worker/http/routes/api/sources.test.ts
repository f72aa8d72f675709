import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { encode as encodePng } from 'fast-png';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sources } from '../../../../schema/tables';
import type { OutsidePage } from '../../../dev/outside-site';
import { checkSource } from '../../../domain/sources/sources';
import { getDb } from '../../../platform/db';
import {
  apiClient,
  createBlock,
  createUser,
  deleteBlock,
  editBlock,
  expectStatus,
  moveBlockTo,
  readJson,
  type TestUser,
  uniqueName,
} from '../../../test/factories';
import {
  atomFeed,
  bookwyrmShelf,
  bookwyrmStatuses,
  goodreadsShelf,
  jsonFeed,
  letterboxdDiary,
  rdfFeed,
} from '../../../test/fixtures/feeds';
import { resolveNames } from '../../../test/host-names';
import { outsideSite, serveAt, timesFetched } from '../../../test/outside-site';

const production = { ...env, UNFURL_PRIVATE_ADDRESSES: 'false' } as Env;

afterEach(() => {
  vi.restoreAllMocks();
});

/** A feed at a path no other test uses; `serveAgain` changes what it answers. */
async function serveFeed(body: string, options: Partial<OutsidePage> = {}) {
  const path = `/${uniqueName('feed')}`;
  const type = body.startsWith('{') ? 'application/feed+json' : 'application/rss+xml';
  const page = (text: string, more: Partial<OutsidePage> = {}) => ({
    headers: { 'content-type': type },
    body: text,
    ...options,
    ...more,
  });
  const url = await serveAt(path, page(body));
  return {
    url,
    path,
    serveAgain: (text: string, more: Partial<OutsidePage> = {}) => serveAt(path, page(text, more)),
  };
}

function png(): string {
  const data = new Uint8Array(8 * 8 * 3).map((_, i) => (i * 13) % 256);
  let binary = '';
  for (const byte of encodePng({ width: 8, height: 8, data, channels: 3 })) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary);
}

async function servePicture() {
  return serveAt(`/${uniqueName('cover')}.png`, {
    headers: { 'content-type': 'image/png' },
    base64: png(),
  });
}

const requestsTo = async (path: string) =>
  (await (await fetch(`${outsideSite}/__requests${path}`)).json()) as Record<string, string>[];

function api(user: TestUser) {
  return apiClient({ token: user.token });
}

async function connect(user: TestUser, url: string, options?: Record<string, unknown>) {
  const answer = await readJson(api(user).sources.$post({ json: { url, options } }));
  expectStatus(answer, 201);
  return answer.body.source;
}

async function checkNow(user: TestUser, id: number) {
  return readJson(api(user).sources[':id'].check.$post({ param: { id: String(id) } }));
}

/** Lets "Check now" run again at once: the minute between checks is the route's own rule. */
async function forgetCheckRequest(id: number) {
  await env.DB.prepare('UPDATE sources SET check_requested_at = NULL WHERE id = ?').bind(id).run();
}

async function checkAgain(user: TestUser, id: number) {
  await forgetCheckRequest(id);
  const answer = await checkNow(user, id);
  expectStatus(answer, 200);
  return answer.body;
}

async function boardBlocks(user: TestUser) {
  const answer = await readJson(api(user).blocks.me.$get());
  expectStatus(answer, 200);
  return answer.body.blocks;
}

async function storyOf(blockId: number) {
  const { results } = await env.DB.prepare(
    'SELECT kind FROM block_story_events WHERE block_id = ? ORDER BY id',
  )
    .bind(blockId)
    .all<{ kind: string }>();
  return results.map((row) => row.kind);
}

async function sourceRow(id: number) {
  return env.DB.prepare('SELECT * FROM sources WHERE id = ?').bind(id).first<{
    failures: number;
    not_before: number | null;
    paused_by: string | null;
    last_error: string | null;
    failing_since: number | null;
    etag: string | null;
  }>();
}

const dune = { id: '234225', title: 'Dune', author: 'Frank Herbert' };
const hobbit = { id: '5907', title: 'The Hobbit', author: 'J.R.R. Tolkien' };

describe('who may use sources', () => {
  it('refuses a signed-out caller with 401 and hides another person’s source as 404', async () => {
    const signedOut = await readJson(apiClient().sources.$get());
    expectStatus(signedOut, 401);
    const owner = await createUser();
    const feed = await serveFeed(atomFeed('Ada on GitHub', []));
    const source = await connect(owner, feed.url);
    const stranger = await createUser();
    expectStatus(await checkNow(stranger, source.id), 404);
    const param = { id: String(source.id) };
    expectStatus(
      await readJson(api(stranger).sources[':id'].$patch({ param, json: { paused: true } })),
      404,
    );
    expectStatus(await readJson(api(stranger).sources[':id'].$delete({ param })), 404);
    const listed = await readJson(api(stranger).sources.$get());
    expectStatus(listed, 200);
    expect(listed.body.sources).toEqual([]);
  });
});

describe('POST /api/sources/preview', () => {
  it('recognises a Letterboxd diary by its namespace and shows its films, writing nothing', async () => {
    const user = await createUser();
    const poster = await servePicture();
    const feed = await serveFeed(
      letterboxdDiary('ada', [
        {
          slug: 'past-lives',
          title: 'Past Lives',
          year: '2023',
          watched: '2024-05-31',
          rating: '4.5',
          poster,
        },
        { slug: 'aftersun', title: 'Aftersun', year: '2022', watched: '2024-05-20' },
      ]),
    );
    const answer = await readJson(api(user).sources.preview.$post({ json: { url: feed.url } }));
    expectStatus(answer, 200);
    expect(answer.body).toMatchObject({ kind: 'letterboxd', title: 'Letterboxd - ada' });
    expect(answer.body.shelves).toEqual([{ shelf: 'done', name: 'diary', items: 2 }]);
    expect(answer.body.blocks).toEqual([
      {
        category: 'creative',
        type: 'film-animation',
        status: 'done',
        title: 'Past Lives',
        subtitle: '2023',
        // Our copy of the poster: a preview never shows another site's picture.
        imageUrl: expect.stringMatching(/^\/api\/images\/blocks\//),
        onBoard: false,
      },
      expect.objectContaining({ title: 'Aftersun', status: 'done', imageUrl: null }),
    ]);
    expect(await boardBlocks(user)).toEqual([]);
    const listed = await readJson(api(user).sources.$get());
    expectStatus(listed, 200);
    expect(listed.body.sources).toEqual([]);
  });

  it('follows the feed a page announces with <link rel="alternate">', async () => {
    const user = await createUser();
    const feed = await serveFeed(
      jsonFeed('Ada writes', [{ id: '1', title: 'Hello', url: 'https://blog.example.org/hello' }]),
    );
    const page = await serveAt(`/${uniqueName('blog')}`, {
      headers: { 'content-type': 'text/html' },
      body: `<!doctype html><html><head><title>Blog</title><link rel="alternate" type="application/feed+json" href="${feed.path}"></head><body></body></html>`,
    });
    const answer = await readJson(api(user).sources.preview.$post({ json: { url: page } }));
    expectStatus(answer, 200);
    expect(answer.body).toMatchObject({ url: feed.url, kind: 'feed', title: 'Ada writes' });
  });

  it('refuses a page that is not a feed and announces none with 422', async () => {
    const user = await createUser();
    const page = await serveAt(`/${uniqueName('page')}`, {
      headers: { 'content-type': 'text/html' },
      body: '<!doctype html><html><head><title>Hi</title></head><body></body></html>',
    });
    const answer = await readJson(api(user).sources.preview.$post({ json: { url: page } }));
    expectStatus(answer, 422);
    expect(answer.body.error).toContain('not a feed we can read');
  });
});

describe('connecting a source', () => {
  it('makes a Goodreads shelf’s books in their statuses, with covers copied into our store', async () => {
    const user = await createUser();
    const cover = await servePicture();
    const feed = await serveFeed(
      goodreadsShelf('%23ALL%23', [
        { ...dune, shelf: 'currently-reading', cover },
        { ...hobbit, shelf: 'to-read' },
        {
          id: '11',
          title: 'Emma',
          author: 'Jane Austen',
          shelf: 'read',
          readAt: 'Tue, 05 Mar 2024 00:00:00 -0800',
          rating: 4,
        },
      ]),
    );
    const source = await connect(user, feed.url);
    expect(source).toMatchObject({ kind: 'goodreads', state: 'ok', blocksMade: 3 });
    const blocks = await boardBlocks(user);
    const byTitle = Object.fromEntries(blocks.map((block) => [block.title, block]));
    expect(byTitle.Dune).toMatchObject({
      status: 'now',
      subtitle: 'Frank Herbert',
      type: 'books-reading',
    });
    expect(byTitle.Dune?.imageUrl).toMatch(/^\/api\/images\/blocks\//);
    expect(byTitle['The Hobbit']).toMatchObject({ status: 'planned', imageUrl: null });
    expect(byTitle.Emma).toMatchObject({ status: 'done', progress: 100, rating: 4 });
    expect(byTitle.Emma?.statusSince).toBe(Date.parse('Tue, 05 Mar 2024 00:00:00 -0800'));
  });

  it("makes a Letterboxd diary's films with their rating and review, without its notes", async () => {
    const user = await createUser();
    const feed = await serveFeed(
      letterboxdDiary('ada', [
        {
          slug: 'past-lives',
          title: 'Past Lives',
          year: '2023',
          watched: '2024-05-31',
          rating: '4.5',
          review: '<p>Quiet and devastating.</p>',
        },
        {
          slug: 'aftersun',
          title: 'Aftersun',
          year: '2022',
          watched: '2024-05-20',
          review:
            '<p><em>This review may contain spoilers.</em></p> <p>The <b>last</b> dance &amp; the tape.</p> <p>Still thinking.</p>',
        },
        { slug: 'perfect-days', title: 'Perfect Days', year: '2023', watched: '2024-05-10' },
      ]),
    );
    await connect(user, feed.url);
    const blocks = await boardBlocks(user);
    expect(blocks.map((block) => [block.title, block.rating, block.review])).toEqual([
      ['Past Lives', 4.5, 'Quiet and devastating.'],
      ['Aftersun', null, 'The last dance & the tape.\n\nStill thinking.'],
      ['Perfect Days', null, null],
    ]);
  });

  it('takes only the shelves chosen, and starts blocks hidden when asked', async () => {
    const user = await createUser();
    const feed = await serveFeed(
      goodreadsShelf('%23ALL%23', [
        { ...dune, shelf: 'currently-reading' },
        { ...hobbit, shelf: 'to-read' },
      ]),
    );
    await connect(user, feed.url, { shelves: ['now'], startHidden: true });
    const blocks = await boardBlocks(user);
    expect(blocks.map((block) => [block.title, block.isVisible])).toEqual([['Dune', false]]);
  });

  it('reads a BookWyrm shelf: "Author: Title" items become books on that shelf', async () => {
    const user = await createUser();
    const path = `/${uniqueName('bw')}/user/ada/books/reading/rss`;
    const url = await serveAt(path, {
      headers: { 'content-type': 'application/rss+xml' },
      body: bookwyrmShelf(outsideSite, 'reading', [
        { id: 7, title: 'Piranesi', author: 'Susanna Clarke' },
      ]),
    });
    const source = await connect(user, url);
    expect(source.kind).toBe('bookwyrm');
    const [block] = await boardBlocks(user);
    expect(block).toMatchObject({ title: 'Piranesi', subtitle: 'Susanna Clarke', status: 'now' });
  });

  it("reads a BookWyrm member's status feed: what they want to read, started and finished", async () => {
    const user = await createUser();
    const feed = await serveFeed(
      bookwyrmStatuses(outsideSite, [
        { id: 3, says: 'reviewed Dune' },
        { id: 2, says: 'started reading Piranesi' },
        { id: 1, says: 'wants to read The Dispossessed' },
      ]),
    );
    const source = await connect(user, feed.url);
    expect(source.kind).toBe('bookwyrm');
    const titled = async () =>
      (await boardBlocks(user)).map((block) => [block.title, block.status, block.progress]);
    expect(await titled()).toEqual(
      expect.arrayContaining([
        ['Piranesi', 'now', expect.any(Number)],
        ['The Dispossessed', 'planned', 0],
      ]),
    );
    expect(await titled()).toHaveLength(2);

    // Newest first: the book finished after it was started ends in Done.
    await feed.serveAgain(
      bookwyrmStatuses(outsideSite, [
        { id: 4, says: 'finished reading Piranesi' },
        { id: 3, says: 'reviewed Dune' },
        { id: 2, says: 'started reading Piranesi' },
        { id: 1, says: 'wants to read The Dispossessed' },
      ]),
    );
    const checked = await checkAgain(user, source.id);
    expect(checked).toMatchObject({ made: 0, moved: 1 });
    expect(await titled()).toEqual(expect.arrayContaining([['Piranesi', 'done', 100]]));
  });

  it('reads an RSS 1.0 (RDF) feed, its items beside the channel, as one link block', async () => {
    const user = await createUser();
    const feed = await serveFeed(
      rdfFeed('An old blog', [
        {
          about: 'https://old-blog.example/2026/11/lamps',
          title: 'On lamps',
          date: '2026-11-20T10:00:00Z',
        },
        {
          about: 'https://old-blog.example/2026/10/chairs',
          title: 'On chairs',
          date: '2026-10-02T10:00:00Z',
        },
      ]),
    );
    const source = await connect(user, feed.url);
    expect(source).toMatchObject({ kind: 'feed', title: 'An old blog' });
    const [block] = await boardBlocks(user);
    expect(block).toMatchObject({
      title: 'An old blog',
      subtitle: 'On lamps',
      externalUrl: 'https://old-blog.example/2026/11/lamps',
    });
  });

  it('keeps one link block for a generic feed, its latest item as subtitle and link', async () => {
    const user = await createUser();
    const feed = await serveFeed(
      atomFeed('Ada on GitHub', [
        { id: 'e2', title: 'ada pushed to up2', link: 'https://github.com/ada/up2/compare/1' },
        { id: 'e1', title: 'ada starred hono', link: 'https://github.com/honojs/hono' },
      ]),
    );
    const source = await connect(user, feed.url);
    const [block] = await boardBlocks(user);
    expect(block).toMatchObject({
      title: 'Ada on GitHub',
      subtitle: 'ada pushed to up2',
      externalUrl: 'https://github.com/ada/up2/compare/1',
      type: 'github',
    });
    await feed.serveAgain(
      atomFeed('Ada on GitHub', [
        { id: 'e3', title: 'ada opened a pull request', link: 'https://github.com/ada/up2/pull/3' },
      ]),
    );
    const checked = await checkAgain(user, source.id);
    expect(checked.made).toBe(0);
    const after = await boardBlocks(user);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      subtitle: 'ada opened a pull request',
      externalUrl: 'https://github.com/ada/up2/pull/3',
    });
  });

  it('makes one block per item of a JSON Feed when the owner chooses it', async () => {
    const user = await createUser();
    const feed = await serveFeed(
      jsonFeed('Ada writes', [
        { id: 'b', title: 'Second post', url: 'https://blog.example.org/2' },
        { id: 'a', title: 'First post', url: 'https://blog.example.org/1' },
      ]),
    );
    await connect(user, feed.url, { blockPerItem: true });
    const blocks = await boardBlocks(user);
    expect(blocks.map((block) => block.title).sort()).toEqual(['First post', 'Second post']);
    expect(blocks.every((block) => block.type === 'blog-newsletter')).toBe(true);
  });

  it('refuses the same feed twice, and a 21st source, with 409', async () => {
    const user = await createUser();
    const feed = await serveFeed(atomFeed('Ada on GitHub', []));
    await connect(user, feed.url);
    const again = await readJson(api(user).sources.$post({ json: { url: feed.url } }));
    expectStatus(again, 409);
    for (let n = 2; n <= 20; n++) {
      await env.DB.prepare(
        "INSERT INTO sources (user_id, url, kind, title, slot) VALUES (?, ?, 'feed', 'x', 0)",
      )
        .bind(user.id, `${feed.url}?copy=${n}`)
        .run();
    }
    const other = await serveFeed(atomFeed('Another', []));
    const full = await readJson(api(user).sources.$post({ json: { url: other.url } }));
    expectStatus(full, 409);
    expect(full.body.error).toContain('at most 20 sources');
  });
});

describe('keeping the board current', () => {
  it('makes each item once, whatever the checks: retried, reordered, at the same time', async () => {
    const user = await createUser();
    const films = [
      { slug: 'past-lives', title: 'Past Lives', year: '2023', watched: '2024-05-31' },
      { slug: 'aftersun', title: 'Aftersun', year: '2022', watched: '2024-05-20' },
    ];
    const feed = await serveFeed(letterboxdDiary('ada', films));
    const source = await connect(user, feed.url);
    // Reordered and republished with a new film: only the new one is made.
    const more = [
      { slug: 'perfect-days', title: 'Perfect Days', year: '2023', watched: '2024-06-02' },
      ...films.reverse(),
    ];
    await feed.serveAgain(letterboxdDiary('ada', more));
    const db = getDb(env);
    const row = await db.select().from(sources).where(eq(sources.id, source.id)).get();
    if (!row) throw new Error('the source was not stored');
    // Two checks of the same feed at once (a retried message and the schedule, say).
    const board = { db, env, userId: row.userId, origin: env.APP_URL };
    const [first, second] = await Promise.all([checkSource(board, row), checkSource(board, row)]);
    expect(first.changes.made + second.changes.made).toBe(1);
    // A retried check of what was already applied makes nothing.
    expect((await checkSource(board, row)).changes.made).toBe(0);
    const blocks = await boardBlocks(user);
    expect(blocks.map((block) => block.title).sort()).toEqual([
      'Aftersun',
      'Past Lives',
      'Perfect Days',
    ]);
    const perfect = blocks.find((block) => block.title === 'Perfect Days');
    expect(await storyOf(perfect?.id ?? 0)).toEqual(['added', 'finished']);
  });

  it("follows a rewatch of a film on the board: the newer entry's rating, date, review and count", async () => {
    const user = await createUser();
    const first = {
      slug: 'past-lives',
      title: 'Past Lives',
      year: '2023',
      watched: '2024-05-31',
      rating: '4',
      review: '<p>Quiet.</p>',
    };
    const feed = await serveFeed(letterboxdDiary('ada', [first]));
    const source = await connect(user, feed.url);
    const rewatch = {
      ...first,
      watched: '2024-06-20',
      rating: '4.5',
      review: '<p>Better the second time.</p>',
      rewatch: true,
    };
    await feed.serveAgain(letterboxdDiary('ada', [rewatch, first]));
    await checkAgain(user, source.id);
    const [film] = await boardBlocks(user);
    expect(film).toMatchObject({
      rating: 4.5,
      review: 'Better the second time.',
      description: 'Watched 2 times',
      statusSince: Date.parse('2024-06-20'),
    });
    // The same feed checked again counts no viewing twice.
    await checkAgain(user, source.id);
    expect((await boardBlocks(user))[0]?.description).toBe('Watched 2 times');
    await feed.serveAgain(
      letterboxdDiary('ada', [{ ...rewatch, watched: '2024-07-04' }, rewatch, first]),
    );
    await checkAgain(user, source.id);
    expect((await boardBlocks(user))[0]).toMatchObject({
      description: 'Watched 3 times',
      statusSince: Date.parse('2024-07-04'),
    });
  });

  it("keeps the rating, review and note the owner edited when the film's rewatch comes", async () => {
    const user = await createUser();
    const first = { slug: 'aftersun', title: 'Aftersun', year: '2022', watched: '2024-05-20' };
    const feed = await serveFeed(letterboxdDiary('ada', [first]));
    const source = await connect(user, feed.url);
    const [block] = await boardBlocks(user);
    expectStatus(
      await editBlock(user, block?.id ?? 0, {
        title: 'Aftersun',
        status: 'done',
        rating: 5,
        review: 'Mine.',
        description: 'Seen at the cinema',
      }),
      200,
    );
    const rewatch = { ...first, watched: '2024-06-01', rating: '3', review: '<p>Less.</p>' };
    await feed.serveAgain(letterboxdDiary('ada', [{ ...rewatch, rewatch: true }, first]));
    await checkAgain(user, source.id);
    expect((await boardBlocks(user))[0]).toMatchObject({
      rating: 5,
      review: 'Mine.',
      description: 'Seen at the cinema',
      statusSince: Date.parse('2024-06-01'),
    });
  });

  it('moves a book as it changes shelf: Planned, Now, Done with progress 100 and a Finished story', async () => {
    const user = await createUser();
    const feed = await serveFeed(goodreadsShelf('%23ALL%23', [{ ...dune, shelf: 'to-read' }]));
    const source = await connect(user, feed.url);
    const [planned] = await boardBlocks(user);
    expect(planned?.status).toBe('planned');
    await feed.serveAgain(goodreadsShelf('%23ALL%23', [{ ...dune, shelf: 'currently-reading' }]));
    expect((await checkAgain(user, source.id)).moved).toBe(1);
    expect((await boardBlocks(user))[0]?.status).toBe('now');
    await feed.serveAgain(
      goodreadsShelf('%23ALL%23', [
        { ...dune, shelf: 'read', readAt: 'Tue, 05 Mar 2024 00:00:00 -0800' },
      ]),
    );
    expect((await checkAgain(user, source.id)).moved).toBe(1);
    const [done] = await boardBlocks(user);
    expect(done).toMatchObject({ status: 'done', progress: 100 });
    expect(await storyOf(done?.id ?? 0)).toEqual(['added', 'planned', 'started', 'finished']);
  });

  it('never overwrites what the owner edited by hand: title and status stay theirs', async () => {
    const user = await createUser();
    const feed = await serveFeed(goodreadsShelf('%23ALL%23', [{ ...dune, shelf: 'to-read' }]));
    const source = await connect(user, feed.url);
    const [block] = await boardBlocks(user);
    const id = block?.id ?? 0;
    expectStatus(
      await editBlock(user, id, {
        title: 'Dune (my copy)',
        subtitle: 'Frank Herbert',
        status: 'planned',
        progress: 0,
        imageUrl: undefined,
        externalUrl: 'https://www.goodreads.com/book/show/234225',
      }),
      200,
    );
    expectStatus(await moveBlockTo(user, id, 'now'), 200);
    await feed.serveAgain(
      goodreadsShelf('%23ALL%23', [{ ...dune, title: 'Dune: Deluxe Edition', shelf: 'read' }]),
    );
    await checkAgain(user, source.id);
    const [after] = await boardBlocks(user);
    expect(after).toMatchObject({ title: 'Dune (my copy)', status: 'now' });
  });

  it('moves a block whose progress and visibility the owner set, keeping both', async () => {
    const user = await createUser();
    const feed = await serveFeed(goodreadsShelf('%23ALL%23', [{ ...dune, shelf: 'to-read' }]));
    const source = await connect(user, feed.url);
    const [block] = await boardBlocks(user);
    expectStatus(
      await editBlock(user, block?.id ?? 0, {
        title: 'Dune',
        subtitle: 'Frank Herbert',
        status: 'planned',
        progress: 40,
        isVisible: false,
      }),
      200,
    );
    await feed.serveAgain(goodreadsShelf('%23ALL%23', [{ ...dune, shelf: 'read' }]));
    expect((await checkAgain(user, source.id)).moved).toBe(1);
    const [after] = await boardBlocks(user);
    expect(after).toMatchObject({ status: 'done', progress: 40, isVisible: false });
  });

  it('never makes again a block the owner deleted', async () => {
    const user = await createUser();
    const feed = await serveFeed(goodreadsShelf('%23ALL%23', [{ ...dune, shelf: 'to-read' }]));
    const source = await connect(user, feed.url);
    const [block] = await boardBlocks(user);
    expectStatus(await deleteBlock(user, block?.id ?? 0), 200);
    await feed.serveAgain(
      goodreadsShelf('%23ALL%23', [
        { ...dune, shelf: 'read' },
        { ...hobbit, shelf: 'to-read' },
      ]),
    );
    const checked = await checkAgain(user, source.id);
    expect(checked.made).toBe(1);
    expect((await boardBlocks(user)).map((b) => b.title)).toEqual(['The Hobbit']);
  });

  it('counts the blocks a removed source made when the same feed is connected again', async () => {
    const user = await createUser();
    const feed = await serveFeed(goodreadsShelf('%23ALL%23', [{ ...dune, shelf: 'to-read' }]));
    const first = await connect(user, feed.url);
    expect(first.blocksMade).toBe(1);
    const param = { id: String(first.id) };
    expectStatus(await readJson(api(user).sources[':id'].$delete({ param })), 200);
    const again = await connect(user, feed.url);
    expect(again.blocksMade).toBe(1);
    expect((await boardBlocks(user)).map((b) => b.title)).toEqual(['Dune']);
    // …and moves it as the first one would have.
    await feed.serveAgain(goodreadsShelf('%23ALL%23', [{ ...dune, shelf: 'read' }]));
    expect(await checkAgain(user, again.id)).toMatchObject({ moved: 1 });
    expect((await boardBlocks(user))[0]).toMatchObject({ status: 'done', progress: 100 });
  });

  it('sends the ETag back: the server answers 304 and the check writes nothing', async () => {
    const user = await createUser();
    const feed = await serveFeed(atomFeed('Ada on GitHub', []), { etag: '"v1"' });
    const source = await connect(user, feed.url);
    const checked = await checkAgain(user, source.id);
    expect(checked.unchanged).toBe(true);
    const requests = await requestsTo(feed.path);
    expect(requests.at(-1)?.['if-none-match']).toBe('"v1"');
  });

  it('answers 429 to a second "Check now" within a minute', async () => {
    const user = await createUser();
    const feed = await serveFeed(atomFeed('Ada on GitHub', []));
    const source = await connect(user, feed.url);
    expectStatus(await checkNow(user, source.id), 200);
    const again = await checkNow(user, source.id);
    expectStatus(again, 429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('adopts a book imported before instead of making it again, and previews it as on the board', async () => {
    const user = await createUser();
    const imported = await createBlock(user, { title: 'Dune', subtitle: 'Frank Herbert' });
    // What importing Goodreads' library export leaves: the book's id as the block's import key.
    await env.DB.prepare("UPDATE blocks SET import_key = 'goodreads:234225' WHERE id = ?")
      .bind(imported.id)
      .run();
    const feed = await serveFeed(
      goodreadsShelf('%23ALL%23', [
        { ...dune, shelf: 'to-read' },
        { ...hobbit, shelf: 'to-read' },
      ]),
    );
    const preview = await readJson(api(user).sources.preview.$post({ json: { url: feed.url } }));
    expectStatus(preview, 200);
    expect(preview.body.blocks.map((block) => [block.title, block.onBoard])).toEqual([
      ['Dune', true],
      ['The Hobbit', false],
    ]);
    const source = await connect(user, feed.url);
    const blocks = await boardBlocks(user);
    expect(blocks.map((block) => block.title).sort()).toEqual(['Dune', 'The Hobbit']);
    expect(source.blocksMade).toBe(2);
  });

  it('previews a book made by hand, known only by its title and author, as on the board', async () => {
    const user = await createUser();
    await createBlock(user, { title: 'the hobbit', subtitle: 'J.R.R. Tolkien' });
    const feed = await serveFeed(
      goodreadsShelf('%23ALL%23', [
        { ...dune, shelf: 'to-read' },
        { ...hobbit, shelf: 'to-read' },
      ]),
    );
    const preview = await readJson(api(user).sources.preview.$post({ json: { url: feed.url } }));
    expectStatus(preview, 200);
    expect(preview.body.blocks.map((block) => [block.title, block.onBoard])).toEqual([
      ['Dune', false],
      ['The Hobbit', true],
    ]);
    await connect(user, feed.url);
    const blocks = await boardBlocks(user);
    expect(blocks.map((block) => block.title).sort()).toEqual(['Dune', 'the hobbit']);
  });
});

describe('failures', () => {
  it('honours Retry-After and 503, backs off, turns failing, and pauses after 7 days', async () => {
    const user = await createUser();
    const feed = await serveFeed(atomFeed('Ada on GitHub', []));
    const source = await connect(user, feed.url);
    await feed.serveAgain('', { status: 503, headers: { 'retry-after': '7200' } });
    const before = Date.now();
    await checkAgain(user, source.id);
    let row = await sourceRow(source.id);
    expect(row?.failures).toBe(1);
    expect(row?.not_before).toBeGreaterThanOrEqual(before + 7_200_000);
    await checkAgain(user, source.id);
    await checkAgain(user, source.id);
    const listed = await readJson(api(user).sources.$get());
    expectStatus(listed, 200);
    expect(listed.body.sources[0]).toMatchObject({ state: 'failing' });
    expect(listed.body.sources[0]?.lastError).toContain('HTTP 503');
    await env.DB.prepare('UPDATE sources SET failing_since = ? WHERE id = ?')
      .bind(Date.now() - 8 * 24 * 60 * 60 * 1000, source.id)
      .run();
    await checkAgain(user, source.id);
    row = await sourceRow(source.id);
    expect(row?.paused_by).toBe('failures');
    // The owner resumes it: its failures are forgotten, and the next good check finds it well.
    await feed.serveAgain(atomFeed('Ada on GitHub', []));
    const resumed = await readJson(
      api(user).sources[':id'].$patch({
        param: { id: String(source.id) },
        json: { paused: false },
      }),
    );
    expectStatus(resumed, 200);
    expect(resumed.body.source.state).toBe('ok');
  });
});

describe('hostile feeds', () => {
  it('refuses a feed declaring an external entity, and never fetches it', async () => {
    const user = await createUser();
    const secretPath = `/${uniqueName('secret')}`;
    await serveAt(secretPath, { body: 'SECRET' });
    const feed = await serveFeed(`<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY xxe SYSTEM "${outsideSite}${secretPath}">]>
<rss version="2.0"><channel><title>Feed &xxe;</title><link>https://example.org/</link>
<item><title>Item &xxe;</title><guid>1</guid><link>https://example.org/1</link></item></channel></rss>`);
    const answer = await readJson(api(user).sources.preview.$post({ json: { url: feed.url } }));
    expectStatus(answer, 422);
    expect(await timesFetched(secretPath)).toBe(0);
  });

  it('leaves an entity bomb unexpanded: the title shows the reference as written', async () => {
    const user = await createUser();
    const lol = Array.from(
      { length: 9 },
      (_, n) => `<!ENTITY lol${n + 1} "${`&lol${n};`.repeat(10)}">`,
    ).join('');
    const feed = await serveFeed(`<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY lol0 "lol">${lol}]>
<rss version="2.0"><channel><title>Bomb &lol9; &amp; co</title><link>https://example.org/</link>
<item><title>Item &lol9;</title><guid>1</guid><link>https://example.org/1</link></item></channel></rss>`);
    const answer = await readJson(api(user).sources.preview.$post({ json: { url: feed.url } }));
    expectStatus(answer, 200);
    expect(answer.body.title).toBe('Bomb &lol9; & co');
  });

  it('turns markup in titles into text', async () => {
    const user = await createUser();
    const feed = await serveFeed(
      jsonFeed('<script>alert(1)</script>Ada &amp; co', [
        {
          id: '1',
          title: '<img src=x onerror=alert(1)><b>Bold</b> post',
          url: 'https://blog.example.org/1',
        },
      ]),
    );
    await connect(user, feed.url, { blockPerItem: true });
    const [block] = await boardBlocks(user);
    expect(block?.title).toBe('Bold post');
    const listed = await readJson(api(user).sources.$get());
    expectStatus(listed, 200);
    expect(listed.body.sources[0]?.title).toBe('alert(1) Ada & co');
  });

  it('refuses a huge feed, a slow one and a redirect loop with 422', async () => {
    const user = await createUser();
    const huge = await serveFeed('<rss>'.padEnd(1024 * 1024, ' '), { repeat: 3 });
    const slow = await serveFeed(atomFeed('Slow', []), { stallMs: 6000 });
    const loopPath = `/${uniqueName('loop')}`;
    await serveAt(loopPath, { status: 302, headers: { location: loopPath } });
    const preview = (url: string) => readJson(api(user).sources.preview.$post({ json: { url } }));
    const [big, late, loop] = await Promise.all([
      preview(huge.url),
      preview(slow.url),
      preview(`${outsideSite}${loopPath}`),
    ]);
    expectStatus(big, 422);
    expect(big.body.error).toContain('larger than 2 MB');
    expectStatus(late, 422);
    expect(late.body.error).toContain('5 seconds');
    expectStatus(loop, 422);
    expect(loop.body.error).toContain('redirected more than 3 times');
  }, 20_000);

  it('refuses a public-looking name that resolves to loopback outside development, before any connection', async () => {
    const user = await createUser();
    resolveNames({ 'rt-rebind.example.com': ['127.0.0.1'] });
    const sent = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('<feed/>'));
    const answer = await readJson(
      apiClient({ token: user.token, settled: production }).sources.preview.$post({
        json: { url: 'http://rt-rebind.example.com/feed' },
      }),
    );
    expectStatus(answer, 422);
    expect(answer.body.error).toContain('private or local addresses');
    expect(sent).not.toHaveBeenCalled();
  });

  it('refuses private and loopback addresses outside development', async () => {
    const user = await createUser();
    const feed = await serveFeed(atomFeed('Local', []));
    const answer = await readJson(
      apiClient({ token: user.token, settled: production }).sources.preview.$post({
        json: { url: feed.url },
      }),
    );
    expectStatus(answer, 400);
    expect(answer.body.error).toContain('private or local addresses');
  });
});
