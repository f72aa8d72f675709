import { env } from 'cloudflare:workers';
import { encode as encodePng } from 'fast-png';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutsidePage } from '../../../dev/outside-site';
import {
  apiClient,
  call,
  createUser,
  expectStatus,
  readJson,
  uniqueName,
} from '../../../test/factories';
import { resolveNames } from '../../../test/host-names';
import { outsideSite, servePage, timesFetched } from '../../../test/outside-site';

const production = { ...env, UNFURL_PRIVATE_ADDRESSES: 'false' } as Env;

afterEach(() => {
  vi.restoreAllMocks();
});

const html = (head: string, body = '<p>Hello</p>') =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

const htmlPage = (head: string, body?: string): OutsidePage => ({
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: html(head, body),
});

function gradientPng(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 3).map((_, i) => (i * 7) % 256);
  return new Uint8Array(encodePng({ width, height, data, channels: 3 }));
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function serveImage(bytes: Uint8Array, contentType = 'image/png') {
  return servePage({ headers: { 'content-type': contentType }, base64: base64(bytes) }, 'img');
}

async function unfurl(url: string, workerEnv?: Env) {
  const user = await createUser();
  const api = apiClient({ token: user.token, settled: workerEnv ?? false });
  return { user, answer: await readJson(api.unfurl.$post({ json: { url } })) };
}

async function storedBytes(imageUrl: string) {
  const served = await call('GET', imageUrl);
  expect(served.status).toBe(200);
  return {
    type: served.headers.get('content-type'),
    bytes: new Uint8Array(await served.arrayBuffer()),
  };
}

describe('POST /api/unfurl', () => {
  it('refuses a signed-out caller with 401', async () => {
    const answer = await readJson(apiClient().unfurl.$post({ json: { url: outsideSite } }));
    expectStatus(answer, 401);
  });

  it("reads Open Graph tags, copies the picture into R2 and inlines the site's icon", async () => {
    const picture = gradientPng(40, 20);
    const icon = gradientPng(16, 16);
    const pictureUrl = await serveImage(picture);
    const iconUrl = await serveImage(icon);
    const page = await servePage(
      htmlPage(`
        <title>Fallback title</title>
        <meta property="og:title" content="Tom &amp; Jerry&#39;s   big
          day">
        <meta property="og:description" content="A cat, a mouse &lt;and&gt; a chase.">
        <meta property="og:site_name" content="Cartoons &amp;amp; Co">
        <meta property="og:image" content="${new URL(pictureUrl).pathname}">
        <link rel="icon" href="${iconUrl}">`),
    );
    const { user, answer } = await unfurl(page);
    expectStatus(answer, 200);
    expect(answer.body).toMatchObject({
      title: "Tom & Jerry's big day",
      description: 'A cat, a mouse <and> a chase.',
      // Decoded once, as a browser would: the page wrote "&amp;" in its text.
      siteName: 'Cartoons &amp; Co',
      favicon: `data:image/png;base64,${base64(icon)}`,
    });
    expect(answer.body.imageUrl).toMatch(
      new RegExp(`^/api/images/blocks/${user.id}/[0-9a-f-]{36}\\.png$`),
    );
    const stored = await storedBytes(answer.body.imageUrl ?? '');
    expect(stored).toEqual({ type: 'image/png', bytes: picture });
  });

  it('reads a page that has only Twitter card tags', async () => {
    const picture = await serveImage(gradientPng(8, 8));
    const page = await servePage(
      htmlPage(`
        <meta name="twitter:card" content="summary">
        <meta name="twitter:title" content="Only Twitter">
        <meta name="twitter:description" content="Told in a card.">
        <meta name="twitter:image" content="${picture}">`),
    );
    const { answer } = await unfurl(page);
    expectStatus(answer, 200);
    expect(answer.body).toMatchObject({
      title: 'Only Twitter',
      description: 'Told in a card.',
      siteName: null,
    });
    expect(answer.body.imageUrl).toMatch(/^\/api\/images\/blocks\//);
  });

  it('reads a page that has only JSON-LD, looking past the site and its breadcrumbs', async () => {
    const picture = await serveImage(gradientPng(12, 12));
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', name: 'Good Books' },
        { '@type': 'BreadcrumbList', name: 'Home › Books' },
        {
          '@type': 'Book',
          name: 'The Left Hand of Darkness',
          description: 'A novel by Ursula K. Le Guin.',
          image: [{ '@type': 'ImageObject', url: picture }],
        },
      ],
    };
    const page = await servePage(
      htmlPage(`<script type="application/ld+json">${JSON.stringify(graph)}</script>
        <script type="application/ld+json">{ not json</script>`),
    );
    const { answer } = await unfurl(page);
    expectStatus(answer, 200);
    expect(answer.body).toMatchObject({
      title: 'The Left Hand of Darkness',
      description: 'A novel by Ursula K. Le Guin.',
      siteName: 'Good Books',
    });
    expect(answer.body.imageUrl).toMatch(/^\/api\/images\/blocks\//);
  });

  it('names the author from book:author, article:author or a JSON-LD author', async () => {
    const book = await servePage(
      htmlPage(`<meta property="og:title" content="Kindred">
        <meta property="og:site_name" content="Good Books">
        <meta property="book:author" content="Octavia E. Butler">`),
    );
    // A profile link in article:author names nobody; the JSON-LD author does.
    const article = await servePage(
      htmlPage(`<meta property="og:title" content="On gardens">
        <meta property="article:author" content="https://example.com/people/ada">
        <script type="application/ld+json">${JSON.stringify({
          '@type': 'Article',
          headline: 'On gardens',
          author: [{ '@type': 'Person', name: 'Ada Palmer' }],
        })}</script>`),
    );
    const essay = await servePage(
      htmlPage(
        '<meta property="og:title" content="Notes"><meta property="article:author" content="Jo Walton">',
      ),
    );
    const site = await servePage(htmlPage('<meta property="og:site_name" content="Only a site">'));
    const authors = await Promise.all(
      [book, article, essay, site].map(async (page) => {
        const { answer } = await unfurl(page);
        expectStatus(answer, 200);
        return answer.body.author;
      }),
    );
    expect(authors).toEqual(['Octavia E. Butler', 'Ada Palmer', 'Jo Walton', null]);
  });

  it('reads the oEmbed answer a page links to when its tags name no title or picture', async () => {
    const thumbnail = await serveImage(gradientPng(10, 10));
    const oembed = await servePage({
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'A film', provider_name: 'Films', thumbnail_url: thumbnail }),
    });
    const page = await servePage(
      htmlPage(
        `<link rel="alternate" type="application/json+oembed" href="${oembed}?format=json&amp;url=x">`,
      ),
    );
    // The stand-in site ignores the query: the page's own path serves the answer.
    const { answer } = await unfurl(page);
    expectStatus(answer, 200);
    expect(answer.body).toMatchObject({ title: 'A film', siteName: 'Films' });
    expect(answer.body.imageUrl).toMatch(/^\/api\/images\/blocks\//);
  });

  it('falls back on the title element and the meta description', async () => {
    const page = await servePage(
      htmlPage(
        '<title> Plain &amp; simple </title><meta name="description" content="Just a page.">',
      ),
    );
    const { answer } = await unfurl(page);
    expectStatus(answer, 200);
    expect(answer.body).toEqual({
      title: 'Plain & simple',
      description: 'Just a page.',
      siteName: null,
      author: null,
      imageUrl: null,
      favicon: null,
    });
  });

  it('stops reading where the head ends, so a body that never ends does not matter', async () => {
    const page = await servePage({
      headers: { 'content-type': 'text/html' },
      body: '<html><head><title>Endless</title></head><body>',
      // After the head, a body that would take a minute to arrive.
      repeat: 60,
      dripMs: 1000,
    });
    const started = Date.now();
    const { answer } = await unfurl(page);
    expectStatus(answer, 200);
    expect(answer.body.title).toBe('Endless');
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('refuses with 422 a page whose head goes past 1 MB', async () => {
    const page = await servePage({
      headers: { 'content-type': 'text/html' },
      body: `<html><head><meta name="filler" content="${'x'.repeat(64 * 1024)}">`,
      repeat: 64,
    });
    const { answer } = await unfurl(page);
    expectStatus(answer, 422);
    expect(answer.body.error).toBe('The page is too large to read: its head goes past 1 MB.');
  });

  it('gives up with 422 on a page that takes more than 5 seconds', async () => {
    const stalled = await servePage({ ...htmlPage('<title>Late</title>'), stallMs: 7000 });
    const started = Date.now();
    const { answer } = await unfurl(stalled);
    expectStatus(answer, 422);
    expect(answer.body.error).toBe('The page took longer than 5 seconds to answer.');
    expect(Date.now() - started).toBeLessThan(6500);
  }, 10_000);

  it('gives up with 422 on a head that trickles in for more than 5 seconds', async () => {
    const trickle = await servePage({
      headers: { 'content-type': 'text/html' },
      body: '<meta name="x" content="y">',
      repeat: 20,
      dripMs: 500,
    });
    const { answer } = await unfurl(trickle);
    expectStatus(answer, 422);
    expect(answer.body.error).toBe('The page took longer than 5 seconds to answer.');
  }, 10_000);

  it('follows up to 3 redirects, relative ones too', async () => {
    const target = await servePage(htmlPage('<title>Arrived</title>'));
    let link = target;
    for (let hop = 0; hop < 3; hop++) {
      link = await servePage({ status: 302, headers: { location: new URL(link).pathname } });
    }
    const { answer } = await unfurl(link);
    expectStatus(answer, 200);
    expect(answer.body.title).toBe('Arrived');
  });

  it('refuses with 422 a redirect loop after 3 redirects', async () => {
    const path = `/${uniqueName('loop')}`;
    const loop = await servePage({ status: 301, headers: { location: path } });
    await fetch(`${outsideSite}/__pages${path}`, {
      method: 'PUT',
      body: JSON.stringify({ status: 301, headers: { location: new URL(loop).pathname } }),
    });
    const { answer } = await unfurl(loop);
    expectStatus(answer, 422);
    expect(answer.body.error).toBe('The page redirected more than 3 times.');
    expect((await timesFetched(loop)) + (await timesFetched(`${outsideSite}${path}`))).toBe(4);
  });

  it('refuses with 422 a link that is not a web page, or answers an error', async () => {
    const image = await serveImage(gradientPng(4, 4));
    const missing = `${outsideSite}/${uniqueName('missing')}`;
    const notHtml = await unfurl(image);
    expectStatus(notHtml.answer, 422);
    expect(notHtml.answer.body.error).toBe('The link leads to image/png, not a web page.');
    const notFound = await unfurl(missing);
    expectStatus(notFound.answer, 422);
    expect(notFound.answer.body.error).toBe('The page answered with an error (HTTP 404).');
  });

  it('fills the rest without a picture when the picture is not an image or is over 2 MB', async () => {
    const fake = await servePage(
      { headers: { 'content-type': 'image/png' }, body: '<svg onload="alert(1)"></svg>' },
      'fake',
    );
    const huge = new Uint8Array(2 * 1024 * 1024 + 1);
    huge.set(gradientPng(8, 8));
    const tooLarge = await serveImage(huge);
    for (const picture of [fake, tooLarge]) {
      const page = await servePage(
        htmlPage(
          `<meta property="og:title" content="Pictureless"><meta property="og:image" content="${picture}">`,
        ),
      );
      const { user, answer } = await unfurl(page);
      expectStatus(answer, 200);
      expect(answer.body).toMatchObject({ title: 'Pictureless', imageUrl: null });
      expect((await env.IMAGES.list({ prefix: `blocks/${user.id}/` })).objects).toEqual([]);
    }
  });

  it('refuses with 400 a link that is not http(s) or carries a user name or password', async () => {
    const cases = [
      ['ftp://example.com/file', 'Please paste a link that starts with http:// or https://.'],
      ['javascript:alert(1)', 'Please paste a link that starts with http:// or https://.'],
      ['not a link', 'Please paste a link that starts with http:// or https://.'],
      [
        'https://ann:secret@example.com/',
        'Please paste a link without a user name or password in it.',
      ],
      ['   ', 'Please paste a link.'],
    ];
    const user = await createUser();
    const api = apiClient({ token: user.token });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    for (const [url, error] of cases) {
      const answer = await readJson(api.unfurl.$post({ json: { url: url ?? '' } }));
      expectStatus(answer, 400);
      expect(answer.body.error, url).toBe(error);
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('in production, refuses private and loopback addresses with 400 before any connection', async () => {
    // One of each kind; outside-fetch.test.ts goes through every range.
    const privateLinks = [
      'http://127.0.0.1/',
      'http://localhost/',
      'http://api.localhost/',
      'http://10.1.2.3/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://2130706433/',
      'http://intranet/',
    ];
    const user = await createUser();
    const api = apiClient({ token: user.token, settled: production });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    for (const url of privateLinks) {
      const answer = await readJson(api.unfurl.$post({ json: { url } }));
      expectStatus(answer, 400);
      expect(answer.body.error, url).toBe('Links to private or local addresses cannot be read.');
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('in production, refuses with 422 a public page that redirects to a private address, never fetching it', async () => {
    const secret = await servePage(htmlPage('<title>Internal</title>'), 'secret');
    resolveNames({ 'public.example': ['93.184.215.14'] });
    const outsideFetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(new Response(null, { status: 302, headers: { location: secret } }));
    const { answer } = await unfurl('https://public.example/moved', production);
    expectStatus(answer, 422);
    expect(answer.body.error).toBe('The page redirected to a private or local address.');
    expect(outsideFetch).toHaveBeenCalledTimes(1);
    outsideFetch.mockRestore();
    expect(await timesFetched(secret)).toBe(0);
  });

  it('in production, refuses with 422 a public-looking name that resolves to loopback, before any connection', async () => {
    resolveNames({ 'rt-rebind.example.com': ['127.0.0.1'] });
    const sent = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('Internal'));
    const { answer } = await unfurl('http://rt-rebind.example.com/', production);
    expectStatus(answer, 422);
    expect(answer.body.error).toBe('Links to private or local addresses cannot be read.');
    expect(sent).not.toHaveBeenCalled();
  });

  it('limits each user to 10 unfurls a minute, answering 429', async () => {
    const user = await createUser();
    const api = apiClient({ token: user.token });
    const statuses: number[] = [];
    // Windows follow the wall clock: if one ends during the first ten, a few more fit in the next.
    for (let i = 0; i < 21 && !statuses.includes(429); i++) {
      statuses.push((await api.unfurl.$post({ json: { url: 'ftp://example.com/' } })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.at(-1)).toBe(429);
  });
});
