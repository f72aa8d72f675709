import { describe, expect, it } from 'vitest';
import {
  call,
  createBlock,
  createUser,
  fetchSettled,
  runCron,
  storedCoverImage,
  uniqueName,
  viewsOf,
  withAppShell,
} from '../../../test/factories';

// The built index.html, as far as the embed cares: it names the reader's stylesheet and the app's.
const shell = `<!doctype html><html lang="en"><head>
<script type="module" crossorigin src="/assets/reader-xyz.js" data-stylesheet="/assets/reader-style-css2.css" data-reader></script>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-css1.css">
</head><body><div id="root"></div></body></html>`;

let visitors = 0;

/** Loads an embed as another site's iframe would, as another visitor each time. */
async function loadEmbed(path: string) {
  visitors += 1;
  const address = `10.95.${Math.floor(visitors / 250)}.${visitors % 250}`;
  const response = await fetchSettled(
    new Request(`http://up2.test${path}`, { headers: { 'cf-connecting-ip': address } }),
    withAppShell(shell).env,
  );
  return { response, text: await response.text() };
}

/** The markup of one status tab's panel. */
function panel(text: string, status: string): string {
  const start = text.indexOf(`<div data-panel="${status}"`);
  expect(start).toBeGreaterThan(-1);
  const next = text.indexOf('<div data-panel=', start + 1);
  return text.slice(start, next === -1 ? text.indexOf('</section>', start) : next);
}

/** A status choice's label as rendered: its name and its count. */
function statusCount(text: string, status: string): number | undefined {
  const match = new RegExp(
    `data-status-choice="${status}"[^>]*/>[^<]*<span[^>]*>(\\d+)</span>`,
  ).exec(text)?.[1];
  return match === undefined ? undefined : Number(match);
}

/** The type filter's choices, in order. */
function typeChoices(text: string): string[] {
  return [...text.matchAll(/<option value="[\w-]+" data-type-choice="([\w-]+)"/g)].map(
    ([, key]) => key ?? '',
  );
}

async function setProfile(token: string, body: Record<string, unknown>) {
  const response = await call('PUT', '/api/auth/me', { token, body });
  expect(response.status).toBe(200);
}

describe('GET /embed/@username', () => {
  it('renders a compact header, the counted status tabs and every visible block, with no app', async () => {
    const owner = await createUser();
    await setProfile(owner.token, { bio: 'Cyclist and reader', tagline: 'Riding the Alps' });
    await createBlock(owner, { title: 'Reading Dune', status: 'now' });
    await createBlock(owner, { title: 'Second book', status: 'now' });
    await createBlock(owner, {
      title: 'Alps tour',
      category: 'lifestyle',
      type: 'running-cycling',
      status: 'planned',
      progress: 0,
    });
    await createBlock(owner, { title: 'Finished novel', status: 'done', progress: 100 });

    const { response, text } = await loadEmbed(`/embed/@${owner.username}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(text).toContain('<html lang="en" data-theme="light">');
    expect(text).toContain(`<title>Name ${owner.username} (@${owner.username}) - Up2</title>`);
    expect(text).toContain('<meta name="viewport"');
    expect(text).toContain(`<link rel="canonical" href="http://up2.test/@${owner.username}">`);
    // Drawn by the app's components, styled by the reader's stylesheet, with no app script.
    expect(text).toContain('<link rel="stylesheet" href="/assets/reader-style-css2.css">');
    expect(text).not.toContain('index-css1.css');
    expect(text).not.toMatch(/<script[^>]*src=/);
    expect(text).not.toContain('id="root"');
    expect(text).toMatch(new RegExp(`<h1[^>]*>Name ${owner.username}</h1>`));
    expect(text).toContain('Cyclist and reader');

    expect(statusCount(text, 'now')).toBe(2);
    expect(statusCount(text, 'planned')).toBe(1);
    expect(statusCount(text, 'done')).toBe(1);
    expect(panel(text, 'now')).toContain('Reading Dune');
    expect(panel(text, 'now')).toContain('Second book');
    expect(panel(text, 'planned')).toContain('Alps tour');
    expect(panel(text, 'done')).toContain('Finished novel');
    expect(panel(text, 'done')).not.toContain('Reading Dune');
    // The spec's type filter: All and the types the board uses, once each.
    expect(typeChoices(text)).toEqual(['all', 'books-reading', 'running-cycling']);

    // The compact card: its picture as a thumbnail, subtitle, description and a real Visit link.
    expect(text).toContain('Hunt &amp; Thomas');
    expect(text).toContain('Reading a chapter a week.');
    expect(text).toContain(`<img src="${storedCoverImage}"`);
    expect(text).toMatch(
      /href="https:\/\/example.com\/book" target="_blank" rel="noopener noreferrer"[^>]* data-visit-block="\d+"/,
    );
    expect(text).toMatch(new RegExp(`<a href="/@${owner.username}" target="_blank"`));
    // Report opens the board, in a new tab, with its report form.
    expect(text).toMatch(
      new RegExp(`<a href="/@${owner.username}\\?report" target="_blank"[^>]*>Report</a>`),
    );
  });

  it('draws each type with the board page’s own SVG icon, and the avatar with no broken image', async () => {
    const owner = await createUser();
    await setProfile(owner.token, { avatar: 'https://avatars.example.com/a.png' });
    await createBlock(owner, { type: 'books-reading', emoji: null, imageUrl: null });
    const { text } = await loadEmbed(`/embed/@${owner.username}`);
    expect(text).toMatch(/<symbol id="[^"]*book-open"[^>]*><path d="M12 5v16">/);
    expect(text).toMatch(/<use href="#[^"]*book-open">/);
    expect(text).not.toContain('📚');
    // A picture that fails leaves the initial: it is a background, never an <img>.
    expect(text).toContain('background-image:url(&quot;https://avatars.example.com/a.png&quot;)');
    expect(text).not.toContain('<img src="https://avatars.example.com');
  });

  it('carries each icon’s shape once, however many cards draw it', async () => {
    const owner = await createUser();
    const textOnly = { type: 'books-reading', emoji: null, imageUrl: '', externalUrl: '' } as const;
    for (const title of ['Dune', 'Emma', 'Ulysses']) {
      await createBlock(owner, { ...textOnly, title });
    }
    await createBlock(owner, {
      ...textOnly,
      title: 'Middlemarch',
      externalUrl: 'https://example.com/middlemarch',
    });
    const { text } = await loadEmbed(`/embed/@${owner.username}`);
    const symbols = [...text.matchAll(/<symbol id="([^"]+)"/g)].map(([, id]) => id ?? '');
    expect(symbols.filter((id) => id.endsWith('book-open'))).toHaveLength(1);
    // Each symbol holds its shapes directly: a nested <svg> would be cloned into every drawing.
    expect(text).toMatch(
      /<symbol id="[^"]+book-open" viewBox="0 0 24 24" fill="none" stroke="currentColor"[^>]*><path /,
    );
    expect(text).not.toMatch(/<symbol[^>]*><svg/);
    const bookOpen = symbols.find((id) => id.endsWith('book-open'));
    // One drawing a card: the compact card has no picture's stand-in.
    expect(text.split(`<use href="#${bookOpen}"></use>`)).toHaveLength(4 + 1);
    expect(text.match(/<path /g)?.length ?? 0).toBeLessThan(20);
    const externalLink = symbols.find((id) => id.endsWith('external-link'));
    expect(text.split(`<use href="#${externalLink}"></use>`)).toHaveLength(2);
  });

  it('is light unless asked, dark or following the reader’s system on ?theme=, each kept apart', async () => {
    const owner = await createUser();
    await createBlock(owner);
    const board = `/embed/@${owner.username}`;
    for (const theme of ['dark', 'auto', 'light', 'dark'] as const) {
      const { response, text } = await loadEmbed(`${board}?theme=${theme}`);
      expect(response.status).toBe(200);
      expect(text).toContain(`<html lang="en" data-theme="${theme}">`);
    }
    const { text } = await loadEmbed(board);
    expect(text).toContain('data-theme="light"');

    const refused = await loadEmbed(`${board}?theme=neon`);
    expect(refused.response.status).toBe(400);
    expect(refused.text).toContain('theme must be light, dark or auto.');
  });

  it('says "No activities yet" in a tab without blocks', async () => {
    const owner = await createUser();
    await createBlock(owner, { status: 'now' });
    const { text } = await loadEmbed(`/embed/${owner.username}`);
    expect(statusCount(text, 'planned')).toBe(0);
    expect(panel(text, 'planned')).toContain('No activities yet');
    expect(panel(text, 'planned')).not.toContain('<li');
  });

  it('shows only visible blocks, and counts only them', async () => {
    const owner = await createUser();
    await createBlock(owner, { title: 'Public plan', status: 'now' });
    await createBlock(owner, { title: 'Secret plan', status: 'now', isVisible: false });
    await createBlock(owner, {
      title: 'Hidden film',
      category: 'creative',
      type: 'film-animation',
      isVisible: false,
    });
    const { text } = await loadEmbed(`/embed/@${owner.username}`);
    expect(text).toContain('Public plan');
    expect(text).not.toContain('Secret plan');
    expect(text).not.toContain('Hidden film');
    expect(typeChoices(text)).toEqual([]);
    expect(statusCount(text, 'now')).toBe(1);
  });

  it('answers /embed/name and /embed/@NAME alike', async () => {
    const owner = await createUser();
    await createBlock(owner, { title: 'Same board' });
    for (const handle of [
      owner.username,
      `@${owner.username.toUpperCase()}`,
      encodeURIComponent(`@${owner.username}`),
    ]) {
      const { response, text } = await loadEmbed(`/embed/${handle}`);
      expect(response.status).toBe(200);
      expect(text).toContain('Same board');
    }
  });

  it('answers an unknown or private board with 404 "Board not found", saying nothing of it', async () => {
    const hidden = await createUser({ isPublic: false });
    await createBlock(hidden, { title: 'secret plans' });
    for (const path of [
      `/embed/@${uniqueName('nobody')}`,
      `/embed/@${hidden.username}?theme=dark`,
      '/embed/@no%20such%3Cuser',
    ]) {
      const { response, text } = await loadEmbed(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(text).toMatch(/<h1[^>]*>Board not found<\/h1>/);
      expect(text).not.toContain('secret plans');
      expect(text).not.toContain(hidden.username);
      expect(response.headers.get('content-security-policy')).toContain('frame-ancestors *');
    }
  });

  it('escapes everything a person typed', async () => {
    const owner = await createUser();
    await setProfile(owner.token, {
      displayName: 'Eve <b>bold</b>',
      bio: '"><script>alert(1)</script>',
    });
    await createBlock(owner, {
      title: '<img src=x onerror=alert(1)>',
      subtitle: "' onmouseover='alert(2)",
      description: '</style><script>alert(3)</script>',
    });
    const { response, text } = await loadEmbed(`/embed/@${owner.username}`);
    expect(response.status).toBe(200);
    expect(text).not.toContain('<img src=x');
    expect(text).not.toContain('<script>alert');
    expect(text).not.toContain('<b>bold</b>');
    expect(text).not.toContain("' onmouseover='");
    expect(text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(text).toContain('Eve &lt;b&gt;bold&lt;/b&gt;');
    expect(text.match(/<script/g)).toHaveLength(1);
  });

  it('may be framed by any site, loads nothing but its styles and images, and runs only its own script', async () => {
    const owner = await createUser();
    await createBlock(owner);
    const { response, text } = await loadEmbed(`/embed/@${owner.username}`);
    expect(response.headers.get('x-frame-options')).toBeNull();
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain('frame-ancestors *');
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).not.toContain('unsafe-eval');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');

    const sha256 = async (body: string) =>
      btoa(
        String.fromCharCode(
          ...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body))),
        ),
      );
    const script = text.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? '';
    expect(policy).toContain(`script-src 'sha256-${await sha256(script)}'`);
  });

  it("names Up2's icon, so a browser opening it alone asks for no /favicon.ico", async () => {
    const owner = await createUser();
    await createBlock(owner);
    for (const path of [`/embed/@${owner.username}`, `/embed/@${uniqueName()}`]) {
      const { text } = await loadEmbed(path);
      expect(text, path).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    }
  });

  it('leaves every other page unframeable', async () => {
    const owner = await createUser();
    const api = await call('GET', `/api/boards/${owner.username}`);
    expect(api.headers.get('x-frame-options')).toBe('DENY');
    expect(api.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('counts each load as a view of the board, and none for a board not found', async () => {
    const owner = await createUser();
    const hidden = await createUser({ isPublic: false });
    await loadEmbed(`/embed/@${owner.username}`);
    await loadEmbed(`/embed/${owner.username}?theme=dark`);
    await loadEmbed(`/embed/@${hidden.username}`);
    await runCron();
    expect(await viewsOf(owner)).toEqual({ totalViews: 2, weeklyViews: 2 });
    expect(await viewsOf(hidden)).toEqual({ totalViews: 0, weeklyViews: 0 });
  });
});
