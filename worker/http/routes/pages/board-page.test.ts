import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { blockLook, themeScript } from '../../../../web/server';
import {
  call,
  callJson,
  createBlock,
  createUser,
  fetchSettled,
  runCron,
  viewsOf,
  withAppShell,
} from '../../../test/factories';

// The built index.html's head, as far as these tests care: the Worker rewrites it per board.
const shell = `<!doctype html><html lang="en"><head><script>${themeScript}</script><meta charset="UTF-8" />
<script type="module" crossorigin src="/assets/reader-xyz.js" data-stylesheet="/assets/reader-style-css2.css" data-reader></script>
<title>Up2 - What are you up to these days?</title>
<meta name="description" content="Hey, what are you UP2 these days? Turn scattered activities into one clean link." />
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/dist-def.js">
<link rel="stylesheet" crossorigin href="/assets/index-css1.css">
</head><body><div id="root"></div></body></html>`;

/** How a CSP names an inline script: `'sha256-…'` of its text. */
async function sha256Source(code: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}

/** The page as the Worker answers it, with a stand-in ASSETS (dist/ may not be built). */
let visitors = 0;

/** Loads a page as another visitor each time (a view counts once per visitor in 30 minutes). */
async function fetchPage(path: string, headers: Record<string, string> = {}) {
  visitors += 1;
  const assets = withAppShell(shell);
  const response = await fetchSettled(
    new Request(`http://up2.test${path}`, {
      headers: {
        'cf-connecting-ip': `10.94.${Math.floor(visitors / 250)}.${visitors % 250}`,
        ...headers,
      },
    }),
    assets.env,
  );
  return { response, html: await response.text(), asked: assets.asked() };
}

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
};
const decode = (text: string) =>
  text.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (e) => entities[e] ?? e);

/** The head's meta and link tags, as a browser or an unfurler would read their attributes. */
function readHead(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const tags = [...head.matchAll(/<(meta|link)\s([^>]*?)\/?>/g)].map(([, element, body]) => ({
    element,
    attributes: Object.fromEntries(
      [...(body ?? '').matchAll(/([a-z:-]+)="([^"]*)"/g)].map(([, name, value]) => [
        name,
        decode(value ?? ''),
      ]),
    ),
  }));
  const meta = (key: string) =>
    tags.filter((tag) => tag.attributes.property === key || tag.attributes.name === key);
  const content = (key: string) => {
    const found = meta(key);
    expect(found, key).toHaveLength(1);
    return found[0]?.attributes.content;
  };
  const link = (rel: string) =>
    tags.filter((tag) => tag.element === 'link' && tag.attributes.rel === rel);
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map(([, text]) =>
    decode(text ?? ''),
  );
  return { head, meta, content, link, titles };
}

/** What a person reads with scripts off: the root element's text, tags dropped. */
function visibleText(html: string) {
  const root = html.slice(
    html.indexOf('<div id="root">'),
    html.indexOf('<script type="application/json"'),
  );
  return decode(root.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '));
}

const stateScript =
  /<script type="application\/json" id="app-state"(?: data-source="([^"]*)")?>(.*?)<\/script>/;

const withoutState = (html: string) => html.replace(stateScript, '');

/**
 * The data the page brings for the browser to hydrate with, as web/main.tsx reads it: in the page,
 * and what the address its `data-source` names answers.
 */
async function pageState(html: string) {
  const [, source, inPage] = html.match(stateScript) ?? [];
  const state = JSON.parse(inPage ?? 'null') as { queryKey: unknown[]; data: unknown }[];
  if (!source) return state;
  const fetched = await fetchSettled(new Request(`http://up2.test${decode(source)}`), env);
  return [...((await fetched.json()) as typeof state), ...state];
}

/** The data the page was drawn from, without the time it was drawn at (every page brings that). */
async function pageData(html: string) {
  return (await pageState(html)).filter(({ queryKey }) => queryKey[0] !== 'rendered-at');
}

async function updateProfile(token: string, body: Record<string, unknown>) {
  const response = await call('PUT', '/api/auth/me', { token, body });
  expect(response.status).toBe(200);
}

const hostileName = `Ann "<script>alert(1)</script>" & Co`;
const hostileBio = `I <b>build</b> things & "break" them </title><script>alert('x')</script>`;

describe('GET /@username', () => {
  it('answers the page, not the actor, to Accept: text/html, application/activity+json', async () => {
    const owner = await createUser();
    const { response, html } = await fetchPage(`/@${owner.username}`, {
      accept: 'text/html, application/activity+json',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(html).toContain(`@${owner.username}`);
  });

  it('names a public board in its title, description, canonical, Open Graph and Twitter tags', async () => {
    const owner = await createUser();
    await updateProfile(owner.token, { displayName: hostileName, bio: hostileBio, tagline: 'Tag' });
    const { response, html, asked } = await fetchPage(`/@${owner.username}`);
    expect(response.status).toBe(200);
    expect(asked).toEqual(['http://up2.test/index.html']);
    expect(response.headers.get('content-type')).toContain('text/html');

    const head = readHead(html);
    const board = `${env.APP_URL.replace(/\/$/, '')}/@${owner.username}`;
    // The card's address carries its fingerprint, so a changed card is fetched anew.
    const image = head.content('og:image');
    expect(image).toMatch(
      new RegExp(`^http://up2\\.test/api/og/${owner.username}\\.png\\?v=[0-9a-f]{24}$`),
    );
    expect(head.titles).toEqual([`${hostileName} (@${owner.username}) - Up2`]);
    expect(head.content('description')).toBe(hostileBio);
    expect(head.link('canonical').map((tag) => tag.attributes.href)).toEqual([board]);
    expect(head.content('og:type')).toBe('profile');
    expect(head.content('og:site_name')).toBe('Up2');
    expect(head.content('og:title')).toBe(hostileName);
    expect(head.content('og:description')).toBe(hostileBio);
    expect(head.content('og:url')).toBe(board);
    expect(head.content('og:image:width')).toBe('1200');
    expect(head.content('og:image:height')).toBe('630');
    expect(head.content('og:image:alt')).toContain(hostileName);
    expect(head.content('twitter:card')).toBe('summary_large_image');
    expect(head.content('twitter:title')).toBe(`${hostileName} (@${owner.username}) - Up2`);
    expect(head.content('twitter:description')).toBe(hostileBio);
    expect(head.content('twitter:image')).toBe(image);
    expect(head.meta('robots')).toHaveLength(0);

    const [oembed] = head.link('alternate');
    expect(oembed?.attributes.type).toBe('application/json+oembed');
    const endpoint = new URL(oembed?.attributes.href ?? '');
    expect(endpoint.origin + endpoint.pathname).toBe('http://up2.test/api/oembed');
    expect(endpoint.searchParams.get('url')).toBe(board);
    expect(endpoint.searchParams.get('format')).toBe('json');

    // Nothing the owner typed becomes markup: the inline scripts are the viewer and theme scripts.
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<script>/g)).toHaveLength(2);
    expect(html).not.toContain('<b>');
    expect(html.match(/<\/title>/g)).toHaveLength(1);
  });

  it('describes a board by its tagline without a bio, and by a sentence without either', async () => {
    const tagged = await createUser();
    await updateProfile(tagged.token, { tagline: 'Running & reading' });
    const plain = await createUser();

    const withTagline = readHead((await fetchPage(`/@${tagged.username}`)).html);
    expect(withTagline.content('description')).toBe('Running & reading');
    expect(withTagline.content('og:description')).toBe('Running & reading');

    const withNothing = readHead((await fetchPage(`/@${plain.username}`)).html);
    const sentence = `See what Name ${plain.username} is up to on Up2.`;
    expect(withNothing.content('description')).toBe(sentence);
    expect(withNothing.content('og:description')).toBe(sentence);
  });

  it('answers the same page for /%40Name and any case, with one canonical address', async () => {
    const owner = await createUser();
    for (const path of [
      `/%40${owner.username}`,
      `/@${owner.username.toUpperCase()}`,
      `/%40${owner.username.toUpperCase()}`,
    ]) {
      const { response, html } = await fetchPage(path);
      expect(response.status, path).toBe(200);
      const head = readHead(html);
      expect(head.content('og:url')).toBe(`${env.APP_URL.replace(/\/$/, '')}/@${owner.username}`);
      expect(head.content('og:image')).toMatch(`http://up2.test/api/og/${owner.username}.png?v=`);
    }
  });

  it('brings the board rendered into the page, readable without scripts, with the data it was drawn from', async () => {
    const owner = await createUser();
    await createBlock(owner, { title: 'Dune <by> Herbert', status: 'now' });
    await createBlock(owner, { title: 'Hidden draft', isVisible: false });
    const { response, html } = await fetchPage(`/@${owner.username}`);
    expect(response.status).toBe(200);

    const text = visibleText(html);
    expect(text).toContain(`Name ${owner.username}`);
    expect(text).toContain('Dune <by> Herbert');
    expect(text).not.toContain('Hidden draft');
    expect(html).not.toContain('<by>');

    const publicBoard = (await callJson('GET', `/api/boards/${owner.username}`)).body;
    expect((await pageState(html))[0]).toEqual({
      queryKey: ['boards', owner.username],
      data: publicBoard,
    });
  });

  it('keeps the data it was drawn from out of the page, at an address the app fetches when it starts, not a view', async () => {
    const owner = await createUser();
    await createBlock(owner, { title: 'Dune', description: 'Spice, sand and a long walk' });
    const { html } = await fetchPage(`/@${owner.username}`);
    const [, source, inPage] = html.match(stateScript) ?? [];
    expect(source).toBe(`/@${owner.username}?app-state`);
    expect(
      JSON.parse(inPage ?? '[]').map((seed: { queryKey: unknown[] }) => seed.queryKey[0]),
    ).toEqual(['rendered-at']);
    expect(html.match(/Spice, sand and a long walk/g)).toHaveLength(1);

    const state = await fetchSettled(
      new Request(`http://up2.test/@${owner.username}?app-state`),
      env,
    );
    expect(state.status).toBe(200);
    expect(state.headers.get('content-type')).toContain('application/json');
    const publicBoard = (await callJson('GET', `/api/boards/${owner.username}`)).body;
    expect((await state.json<{ data: unknown }[]>())[0]?.data).toEqual(publicBoard);
    await runCron();
    expect(await viewsOf(owner)).toEqual({ totalViews: 1, weeklyViews: 1 });
  });

  it("tells each card's story and when the board was updated, counted from the time it brings for the browser to hydrate with", async () => {
    const owner = await createUser();
    await createBlock(owner, { title: 'Dune', status: 'now' });
    const before = Date.now();
    const { html } = await fetchPage(`/@${owner.username}`);
    const text = visibleText(html);
    expect(text).toContain('Started today');
    expect(text).toContain('Updated today');
    const renderedAt = (await pageState(html)).find(
      ({ queryKey }) => queryKey[0] === 'rendered-at',
    );
    expect(renderedAt?.data).toBeGreaterThan(before - 60_000);
    expect(renderedAt?.data).toBeLessThanOrEqual(Date.now());
  });

  it('brings the looks of the blocks it shows, one per type and icon, so the page needs no catalogue', async () => {
    const owner = await createUser();
    await createBlock(owner, { title: 'Dune', label: '', emoji: null });
    await createBlock(owner, { title: 'Emma', label: '', emoji: null });
    await createBlock(owner, { title: 'Friends', label: '', emoji: 'Heart' });
    await createBlock(owner, {
      title: 'Draft',
      category: 'work',
      type: 'tech-stack',
      isVisible: false,
    });
    const { html } = await fetchPage(`/@${owner.username}`);

    expect((await pageData(html)).slice(1)).toEqual([
      {
        queryKey: ['block-look', 'books-reading', null],
        data: blockLook({ type: 'books-reading', emoji: null }),
      },
      {
        queryKey: ['block-look', 'books-reading', 'Heart'],
        data: blockLook({ type: 'books-reading', emoji: 'Heart' }),
      },
    ]);
    // Blocks without a label of their own show their type's name, drawn on the server.
    expect(visibleText(html)).toContain('Books & Reading Dune');
    expect(withoutState(html)).toMatch(/<symbol id="[^"]*heart"[^>]*><path /);
    expect(withoutState(html)).toMatch(/<use href="#[^"]*heart">/);
  });

  it('counts each page load as a view of the board, and none for a board not found', async () => {
    const owner = await createUser();
    const hidden = await createUser({ isPublic: false });
    await fetchPage(`/@${owner.username}`);
    await fetchPage(`/%40${owner.username}`);
    await fetchPage(`/@${hidden.username}`);
    await runCron();
    expect(await viewsOf(owner)).toEqual({ totalViews: 2, weeklyViews: 2 });
    expect(await viewsOf(hidden)).toEqual({ totalViews: 0, weeklyViews: 0 });
  });

  it("refuses framing and posting forms elsewhere, and validates with its own strong ETag instead of the shell's", async () => {
    const owner = await createUser();
    const { response } = await fetchPage(`/@${owner.username}`);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    // The feeds' cross-origin headers are theirs alone.
    expect(response.headers.get('cross-origin-resource-policy')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const etag = response.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(etag).not.toBe('"shell-etag"');

    const revalidated = await fetchPage(`/@${owner.username}`, { 'if-none-match': etag });
    expect(revalidated.response.status).toBe(304);
    expect(revalidated.html).toBe('');
  });

  it('names Accept in Vary, since the same address answers the fediverse actor to ActivityPub clients', async () => {
    const owner = await createUser();
    const { response } = await fetchPage(`/@${owner.username}`);
    expect(response.headers.get('vary')).toBe('Accept');
    const etag = response.headers.get('etag') ?? '';
    const revalidated = await fetchPage(`/@${owner.username}`, { 'if-none-match': etag });
    expect(revalidated.response.headers.get('vary')).toBe('Accept');
  });

  it("loads the reader, lists the app's code for when it is needed, and tells who is looking first, by the one inline script its CSP names", async () => {
    const owner = await createUser();
    const { response, html } = await fetchPage(`/@${owner.username}`);
    const head = readHead(html).head;
    expect(head).not.toContain('/assets/index-abc.js');
    expect(head).not.toContain('modulepreload');
    expect(head).toContain(
      '<script type="module" crossorigin src="/assets/reader-xyz.js" data-stylesheet="/assets/reader-style-css2.css" data-reader>',
    );
    // The viewer script comes first, before anything that paints.
    expect(head.indexOf('<script>')).toBeLessThan(head.indexOf('<title>'));
    const modules = html.match(
      /<script type="application\/json" id="app-modules">(.*?)<\/script>/,
    )?.[1];
    expect(JSON.parse(modules ?? 'null')).toEqual({
      entry: '/assets/index-abc.js',
      preload: ['/assets/dist-def.js'],
      stylesheet: '/assets/index-css1.css',
    });

    const inline = [...html.matchAll(/<script>(.*?)<\/script>/g)].map(([, code]) => code ?? '');
    // What they decide is checked in a browser (e2e/server-rendering.spec.ts, e2e/theme.spec.ts).
    expect(inline.map((code) => code.includes('data-viewer'))).toEqual([true, false]);
    expect(inline[1]).toBe(themeScript);
    const csp = response.headers.get('content-security-policy') ?? '';
    for (const code of inline) expect(csp).toContain(` ${await sha256Source(code)}`);
  });

  it("is styled by the reader's stylesheet, not the whole app's, which waits for the app to start", async () => {
    const owner = await createUser();
    const { html } = await fetchPage(`/@${owner.username}`);
    const stylesheets = [
      ...readHead(html).head.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g),
    ].map(([, href]) => href);
    expect(stylesheets).toEqual(['/assets/reader-style-css2.css']);
    expect(html).toContain('"stylesheet":"/assets/index-css1.css"');
  });

  it('serves the page from the cache until the board changes, then the new board at once', async () => {
    const owner = await createUser();
    await createBlock(owner, { title: 'First book' });
    const first = await fetchPage(`/@${owner.username}`);
    // Behind the API's back: a cached page does not see it.
    await env.DB.prepare("UPDATE blocks SET title = 'Sneaked in' WHERE user_id = ?")
      .bind(owner.id)
      .run();
    const cached = await fetchPage(`/@${owner.username}`);
    expect(cached.html).toBe(first.html);
    expect(cached.asked).toEqual([]);

    await createBlock(owner, { title: 'Second book' });
    const text = visibleText((await fetchPage(`/@${owner.username}`)).html);
    expect(text).toContain('Second book');
    expect(text).toContain('Sneaked in');
  });

  it('answers 404 with the shell, a generic head and noindex for an unknown board', async () => {
    const { response, html } = await fetchPage('/@nosuchboard404x');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(visibleText(html)).toContain(
      "Board Not Found This user doesn't exist or their board is private.",
    );
    expect((await pageState(html))[0]?.data).toBeNull();
    const head = readHead(html);
    expect(head.titles).toEqual(['Board Not Found - Up2']);
    expect(head.content('robots')).toBe('noindex');
    expect(head.meta('og:title')).toHaveLength(0);
    expect(head.link('alternate')).toHaveLength(0);
    // The name asked for is only echoed in the data key the browser hydrates with.
    expect((await pageState(html))[0]?.queryKey).toEqual(['boards', 'nosuchboard404x']);
    expect(withoutState(html)).not.toContain('nosuchboard404x');
  });

  it('answers a private board exactly like an unknown one, leaking nothing', async () => {
    const owner = await createUser({ isPublic: false });
    await updateProfile(owner.token, { bio: 'Secret bio', tagline: 'Secret tagline' });
    const { response, html } = await fetchPage(`/@${owner.username}`);
    const unknown = await fetchPage('/@nosuchboard404y');
    expect(response.status).toBe(404);
    // The same page, but for the data key echoing the name asked for.
    expect(withoutState(html)).toBe(withoutState(unknown.html));
    expect((await pageData(html)).map((query) => query.data)).toEqual([null]);
    const secretsShown = withoutState(html);
    for (const secret of [
      owner.username,
      `Name ${owner.username}`,
      'Secret bio',
      'Secret tagline',
    ]) {
      expect(secretsShown).not.toContain(secret);
    }
    expect(readHead(html).content('robots')).toBe('noindex');
  });

  it('answers 404 for a path that names no possible board', async () => {
    for (const path of ['/@x', '/@not_a_name', '/@%E0%A4%A']) {
      const { response, html } = await fetchPage(path);
      expect(response.status, path).toBe(404);
      expect(readHead(html).content('robots')).toBe('noindex');
    }
  });
});
