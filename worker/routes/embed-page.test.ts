import { describe, expect, it } from 'vitest';
import {
  call,
  callJson,
  createBlock,
  createUser,
  fetchSettled,
  runCron,
  uniqueName,
  viewsOf,
} from '../test/factories';

/** Loads an embed as another site's iframe would, and waits for what it does after answering. */
let visitors = 0;

/** Loads an embed as another visitor each time (a view counts once per visitor in 30 minutes). */
async function loadEmbed(path: string) {
  visitors += 1;
  const address = `10.95.${Math.floor(visitors / 250)}.${visitors % 250}`;
  const response = await fetchSettled(
    new Request(`http://up2.test${path}`, { headers: { 'cf-connecting-ip': address } }),
  );
  return { response, text: await response.text() };
}

/** The markup of one status tab's panel. */
function panel(text: string, status: string): string {
  const start = text.indexOf(`id="p-${status}"`);
  expect(start).toBeGreaterThan(-1);
  return text.slice(start, text.indexOf('</section>', start));
}

async function gzippedBytes(text: string): Promise<number> {
  const stream = new Response(text).body?.pipeThrough(new CompressionStream('gzip'));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

describe('GET /embed/@username', () => {
  it('renders the profile, the status tabs with their counts and every visible block', async () => {
    const owner = await createUser();
    await call('PUT', '/api/auth/me', { token: owner.token, body: { bio: 'Cyclist and reader' } });
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
    expect(text).toContain('<html lang="en">');
    expect(text).toContain(`<title>Name ${owner.username} (@${owner.username}) - Up2</title>`);
    expect(text).toContain('<meta name="viewport"');
    expect(text).not.toContain('noindex');
    expect(text).toContain(`<link rel="canonical" href="http://up2.test/@${owner.username}">`);
    expect(text).toContain(`<h1>Name ${owner.username}</h1>`);
    expect(text).toContain(`@${owner.username}</p>`);
    expect(text).toContain('Cyclist and reader');
    // No web app bundle: the only script is the inline click counter.
    expect(text).not.toMatch(/<script[^>]*src=/);
    expect(text).not.toContain('id="root"');

    expect(text).toMatch(/Now <span class="n">2<\/span>/);
    expect(text).toMatch(/Planned <span class="n">1<\/span>/);
    expect(text).toMatch(/Done <span class="n">1<\/span>/);
    expect(panel(text, 'now')).toContain('Reading Dune');
    expect(panel(text, 'now')).toContain('Second book');
    expect(panel(text, 'planned')).toContain('Alps tour');
    expect(panel(text, 'done')).toContain('Finished novel');
    expect(panel(text, 'done')).not.toContain('Reading Dune');
    // The type filter offers All and each type present, once.
    expect(text).toContain('<span>All</span>');
    expect(text.match(/<span>Books &amp; Reading<\/span>/g)).toHaveLength(1);
    expect(text.match(/value="running-cycling"/g)).toHaveLength(1);
    expect(text).not.toContain('value="film-animation"');

    // The block's parts: type emoji, subtitle, clamped description, image with its size, link.
    expect(text).toContain('📚');
    expect(text).toContain('Hunt &amp; Thomas');
    expect(text).toContain('<p class="d cl">Reading a chapter a week.</p>');
    expect(text).toMatch(
      /<img class="o\d+" src="https:\/\/example.com\/cover.jpg" alt="" width="300" height="400" loading="eager"/,
    );
    expect(text).toMatch(/\.o\d+\{object-position:50% 40%\}/);
    expect(text).toContain(
      'href="https://example.com/book" target="_blank" rel="noopener noreferrer"',
    );
    expect(text).toContain(`<a href="/@${owner.username}" target="_blank"`);
  });

  it('loads the images of the first row of the tab shown first at once, and the others lazily', async () => {
    const owner = await createUser();
    for (let i = 1; i <= 6; i++) await createBlock(owner, { title: `Now ${i}`, status: 'now' });
    await createBlock(owner, { title: 'Later', status: 'planned', progress: 0 });
    const { text } = await loadEmbed(`/embed/@${owner.username}`);
    const loading = (panelText: string) =>
      [...panelText.matchAll(/<img[^>]* loading="(\w+)"/g)].map(([, value]) => value);
    expect(loading(panel(text, 'now'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(loading(panel(text, 'planned'))).toEqual(['lazy']);
  });

  it('says "No activities yet" in a tab without blocks', async () => {
    const owner = await createUser();
    await createBlock(owner, { status: 'now' });
    const { text } = await loadEmbed(`/embed/${owner.username}`);
    expect(text).toMatch(/Planned <span class="n">0<\/span>/);
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
    expect(text).not.toContain('value="film-animation"');
    expect(text).toMatch(/Now <span class="n">1<\/span>/);
  });

  it('follows the board-wide image ratio for "auto" and leaves images out when hidden', async () => {
    const owner = await createUser();
    await createBlock(owner, { imageAspectRatio: 'auto', imagePosition: 'center' });
    await callJson('PUT', '/api/boards/me', {
      token: owner.token,
      body: { globalImageRatio: 'wide' },
    });
    const wide = await loadEmbed(`/embed/@${owner.username}`);
    expect(wide.text).toMatch(/<div class="m wd[^"]*">/);
    expect(wide.text).toMatch(/<img src="[^"]+" alt="" width="640" height="360" loading="eager"/);

    await callJson('PUT', '/api/boards/me', { token: owner.token, body: { hideAllImages: true } });
    const hidden = await loadEmbed(`/embed/@${owner.username}`);
    expect(hidden.text).not.toContain('<img');
    expect(hidden.text).not.toContain('example.com/cover.jpg');
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
      `/embed/@${hidden.username}`,
      '/embed/@no%20such%3Cuser',
    ]) {
      const { response, text } = await loadEmbed(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(text).toContain('<h1>Board not found</h1>');
      expect(text).not.toContain('secret plans');
      expect(text).not.toContain(hidden.username);
      expect(response.headers.get('content-security-policy')).toContain('frame-ancestors *');
    }
  });

  it('escapes everything a person typed', async () => {
    const owner = await createUser();
    await call('PUT', '/api/auth/me', {
      token: owner.token,
      body: { displayName: 'Eve <b>bold</b>', bio: '"><script>alert(1)</script>' },
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
    expect(text).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(text).toContain('Eve &lt;b&gt;bold&lt;/b&gt;');
    expect(text.match(/<script/g)).toHaveLength(1);
    expect(text.match(/<\/style>/g)).toHaveLength(1);
  });

  it('may be framed by any site, and runs only its own inline style and script', async () => {
    const owner = await createUser();
    await createBlock(owner);
    const { response, text } = await loadEmbed(`/embed/@${owner.username}`);
    expect(response.headers.get('x-frame-options')).toBeNull();
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain('frame-ancestors *');
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toMatch(/script-src 'sha256-[\w+/=]+'/);
    expect(policy).toMatch(/style-src 'sha256-[\w+/=]+'/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');

    // The hashes named are those of the page's one <style> and one <script>.
    const sha256 = async (body: string) =>
      btoa(
        String.fromCharCode(
          ...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body))),
        ),
      );
    const style = text.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    const script = text.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? '';
    expect(policy).toContain(`style-src 'sha256-${await sha256(style)}'`);
    expect(policy).toContain(`script-src 'sha256-${await sha256(script)}'`);
  });

  it('leaves every other page unframeable', async () => {
    const owner = await createUser();
    const api = await call('GET', `/api/boards/${owner.username}`);
    expect(api.headers.get('x-frame-options')).toBe('DENY');
    expect(api.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('weighs at most 25 KB gzipped for a board of 30 blocks', async () => {
    const owner = await createUser();
    const types = [
      { category: 'learning', type: 'books-reading' },
      { category: 'lifestyle', type: 'running-cycling' },
      { category: 'creative', type: 'film-animation' },
    ] as const;
    for (let i = 0; i < 30; i += 1) {
      await createBlock(owner, {
        ...types[i % types.length],
        title: `Block number ${i} with a title long enough to wrap over two lines`,
        description: `Description ${i}: `.padEnd(400, 'lorem ipsum dolor sit amet '),
        imageUrl: `https://images.example.com/photos/${i}/cover-${i}.jpg`,
        externalUrl: `https://example.com/things/${i}`,
        imagePosition: `${i}% ${100 - i}%`,
        status: (['now', 'planned', 'done'] as const)[i % 3],
      });
    }
    const { response, text } = await loadEmbed(`/embed/@${owner.username}`);
    expect(response.status).toBe(200);
    expect(text.match(/<li class="c/g)).toHaveLength(30);
    const gzipped = await gzippedBytes(text);
    console.info(`embed of 30 blocks: ${text.length} bytes, ${gzipped} gzipped`);
    expect(gzipped).toBeLessThanOrEqual(25 * 1024);
  });

  it('counts each load as a view of the board, and none for a board not found', async () => {
    const owner = await createUser();
    const hidden = await createUser({ isPublic: false });
    await loadEmbed(`/embed/@${owner.username}`);
    await loadEmbed(`/embed/${owner.username}`);
    await loadEmbed(`/embed/@${hidden.username}`);
    await runCron();
    expect(await viewsOf(owner)).toEqual({ totalViews: 2, weeklyViews: 2 });
    expect(await viewsOf(hidden)).toEqual({ totalViews: 0, weeklyViews: 0 });
  });
});
