import { describe, expect, it } from 'vitest';
import {
  apiClient,
  createUser,
  expectStatus,
  readJson,
  type TestUser,
  uniqueName,
} from '../../../test/factories';
import { bookwyrmShelf, githubActivity } from '../../../test/fixtures/feeds';
import {
  feedBytes,
  type ReferenceFeed,
  referenceFeeds,
  siteFeeds,
} from '../../../test/fixtures/reference-feeds';
import { outsideSite, serveAt } from '../../../test/outside-site';

/** An RSS 2.0 feed of a few posts. */
function feedOf(title: string, items: { title: string; link: string }[]) {
  const posts = items
    .map(
      (item) =>
        `<item><title>${item.title}</title><link>${item.link}</link><guid>${item.link}</guid><pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate></item>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${title}</title><link>https://social.example/</link><description>Posts</description>${posts}</channel></rss>`;
}

/** The feed's bytes on loopback at `path`, sent with its Content-Type. */
async function serveReferenceAt(path: string, feed: ReferenceFeed) {
  let binary = '';
  for (const byte of feedBytes(feed)) binary += String.fromCharCode(byte);
  return serveAt(path, { headers: { 'content-type': feed.contentType }, base64: btoa(binary) });
}

const serveReference = (feed: ReferenceFeed) => serveReferenceAt(`/${uniqueName('feed')}`, feed);

/** Connects the feed, one block per item, and answers the source and the blocks it made. */
async function connectEachItem(feed: ReferenceFeed) {
  const user: TestUser = await createUser();
  const api = apiClient({ token: user.token });
  const url = await serveReference(feed);
  const connected = await readJson(
    api.sources.$post({ json: { url, options: { blockPerItem: true } } }),
  );
  expectStatus(connected, 201);
  const board = await readJson(api.blocks.me.$get());
  expectStatus(board, 200);
  const blocks = board.body.blocks.toSorted((a, b) => a.title.localeCompare(b.title));
  return { source: connected.body.source, blocks };
}

describe('feeds read as their encoding, format and spec say', () => {
  it('decodes a feed in ISO-8859-1 declared in its XML prolog', async () => {
    const { source, blocks } = await connectEachItem(referenceFeeds.latin1DeclaredInProlog);
    expect(source.title).toBe('Tanztheater Wuppertal');
    expect(blocks.map((block) => block.title)).toEqual(['Café Müller']);
  });

  it('decodes a feed in Windows-1252 named by the charset of its Content-Type', async () => {
    const { source, blocks } = await connectEachItem(referenceFeeds.windows1252InContentType);
    expect(source.title).toBe('Ada’s notes');
    expect(blocks.map((block) => block.title)).toEqual(['“Café Müller” — tickets from €5']);
  });

  it('reads an Atom feed written with a prefix (<atom:feed>)', async () => {
    const { source, blocks } = await connectEachItem(referenceFeeds.prefixedAtom);
    expect(source).toMatchObject({ kind: 'feed', title: 'Ada’s releases' });
    expect(blocks.map((block) => [block.title, block.externalUrl, block.statusSince])).toEqual([
      ['Version 1.0', 'https://ada.example/releases/1.0', Date.parse('2026-10-01T09:00:00Z')],
      ['Version 2.0', 'https://ada.example/releases/2.0', Date.parse('2026-11-20T10:00:00Z')],
    ]);
  });

  it('reads Atom titles by their type: xhtml as its text, text kept whole, html made text', async () => {
    const { source, blocks } = await connectEachItem(referenceFeeds.atomTextConstructs);
    expect(source.title).toBe('Notes & things');
    expect(blocks.map((block) => block.title)).toEqual([
      'An xhtml title & more',
      'Bold move & more',
      'Plain text title <not a tag>',
    ]);
  });

  it('resolves relative Atom links against xml:base, the entry’s before the feed’s', async () => {
    const { blocks } = await connectEachItem(referenceFeeds.atomXmlBase);
    expect(blocks.map((block) => [block.title, block.externalUrl])).toEqual([
      ['Relative to its entry', 'https://ada.example/archive/2025/chairs.html'],
      ['Relative to the feed', 'https://ada.example/blog/2026/lamps'],
    ]);
  });

  it('links an RSS item without <link> to its guid when the guid is a permalink', async () => {
    const { blocks } = await connectEachItem(referenceFeeds.rssGuidPermalink);
    expect(blocks.map((block) => [block.title, block.externalUrl])).toEqual([
      ['Episode 1', 'https://ada.example/podcast/1'],
      ['Episode 2', 'https://ada.example/podcast/2'],
      ['Episode 3', 'https://ada.example/podcast/3'],
    ]);
  });

  it('makes a block of an RSS item with a description and no title, titled from its text', async () => {
    const { blocks } = await connectEachItem(referenceFeeds.rssDescriptionOnly);
    expect(blocks.map((block) => [block.title, block.externalUrl])).toEqual([
      ['A titled post', 'https://ada.example/micro/1'],
      ['Saw the lamps at dusk.', 'https://ada.example/micro/2'],
    ]);
  });

  it('dates an RSS item by its dc:date when it has no pubDate', async () => {
    const { blocks } = await connectEachItem(referenceFeeds.rssDublinCoreDate);
    expect(blocks.map((block) => [block.title, block.statusSince])).toEqual([
      ['On Dune', Date.parse('2026-10-02T08:30:00+02:00')],
      ['On Piranesi', Date.parse('2026-11-20T10:00:00Z')],
    ]);
  });
});

/** A page that announces no feed, as a profile or shelf page may be served. */
const bareProfilePage = {
  headers: { 'content-type': 'text/html' },
  body: '<!doctype html><html><head><title>Ada</title></head><body><h1>Ada</h1></body></html>',
};

async function preview(url: string) {
  const user = await createUser();
  return readJson(apiClient({ token: user.token }).sources.preview.$post({ json: { url } }));
}

describe('page addresses read as the feed their site publishes', () => {
  it('reads a Mastodon profile address as its public RSS, and names it', async () => {
    const profile = `/@${uniqueName('ada')}`;
    const page = await serveAt(profile, bareProfilePage);
    const rssUrl = await serveReferenceAt(`${profile}.rss`, siteFeeds.mastodonProfile);
    const answer = await preview(page);
    expectStatus(answer, 200);
    expect(answer.body).toMatchObject({
      url: rssUrl,
      kind: 'feed',
      site: 'fediverse-profile',
      title: 'Ada',
    });
    // A post has no title: its text is the latest item, a hashtag's markup inside one word.
    expect(answer.body.blocks).toEqual([
      expect.objectContaining({ title: 'Ada', subtitle: 'Lamps at dusk, again. #lamps' }),
    ]);
  });

  it('reads a BookWyrm shelf page as the shelf’s feed, its books Planned', async () => {
    const shelf = `/user/${uniqueName('ada')}/books/to-read`;
    const page = await serveAt(shelf, bareProfilePage);
    const rssUrl = await serveAt(`${shelf}/rss`, {
      headers: { 'content-type': 'application/rss+xml' },
      body: bookwyrmShelf(outsideSite, 'to-read', [
        { id: 7, title: 'Piranesi', author: 'Susanna Clarke' },
      ]),
    });
    const answer = await preview(page);
    expectStatus(answer, 200);
    expect(answer.body).toMatchObject({ url: rssUrl, kind: 'bookwyrm', site: 'bookwyrm-shelf' });
    expect(answer.body.blocks).toEqual([
      expect.objectContaining({ title: 'Piranesi', subtitle: 'Susanna Clarke', status: 'planned' }),
    ]);
  });

  it('reads a page that only looks like a profile as any page: the feed it announces', async () => {
    const path = `/@${uniqueName('blog')}`;
    const feedUrl = await serveAt(`${path}/feed.xml`, {
      headers: { 'content-type': 'application/rss+xml' },
      body: feedOf('A blog', [{ title: 'Hello', link: 'https://blog.example/hello' }]),
    });
    const page = await serveAt(path, {
      headers: { 'content-type': 'text/html' },
      body: `<!doctype html><html><head><link rel="alternate" type="application/rss+xml" href="${path}/feed.xml"></head></html>`,
    });
    const answer = await preview(page);
    expectStatus(answer, 200);
    expect(answer.body).toMatchObject({ url: feedUrl, title: 'A blog', site: null });
  });
});

describe("a GitHub member's activity", () => {
  it('makes a block per project they worked on, its latest event as subtitle, stars left out', async () => {
    const url = await serveAt(`/${uniqueName('gh')}.atom`, {
      headers: { 'content-type': 'application/atom+xml; charset=utf-8' },
      body: githubActivity('ada', [
        {
          id: 104,
          event: 'PushEvent',
          title: 'ada pushed to main in ada/up2',
          link: 'https://github.com/ada/up2/compare/4a1b...9c2d',
          at: '2026-11-20T10:00:00Z',
        },
        {
          id: 103,
          event: 'WatchEvent',
          title: 'ada starred honojs/hono',
          link: 'https://github.com/honojs/hono',
          at: '2026-11-19T10:00:00Z',
        },
        {
          id: 102,
          event: 'CreateEvent',
          title: 'ada created a repository ada/lamp',
          link: 'https://github.com/ada/lamp',
          at: '2026-11-18T10:00:00Z',
        },
        {
          id: 101,
          event: 'PullRequestEvent',
          title: 'ada opened a pull request in ada/up2',
          link: 'https://github.com/ada/up2/pull/3',
          at: '2026-11-17T10:00:00Z',
        },
      ]),
    });
    const user = await createUser();
    const api = apiClient({ token: user.token });
    const connected = await readJson(api.sources.$post({ json: { url } }));
    expectStatus(connected, 201);
    expect(connected.body.source).toMatchObject({ kind: 'github', title: 'ada’s Activity' });
    const board = await readJson(api.blocks.me.$get());
    expectStatus(board, 200);
    const projects = board.body.blocks
      .map((block) => [block.title, block.subtitle, block.externalUrl, block.type, block.status])
      .toSorted();
    expect(projects).toEqual([
      [
        'ada/lamp',
        'ada created a repository ada/lamp',
        'https://github.com/ada/lamp',
        'github',
        'now',
      ],
      ['ada/up2', 'ada pushed to main in ada/up2', 'https://github.com/ada/up2', 'github', 'now'],
    ]);
  });
});
