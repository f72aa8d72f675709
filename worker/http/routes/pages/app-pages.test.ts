import { describe, expect, it } from 'vitest';
import { createUser, fetchSettled, withAppShell } from '../../../test/factories';

const shell = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<title>Up2 - What are you up to these days?</title>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
</head><body><div id="root"></div></body></html>`;

/** A page as the Worker answers a path no static file has (`not_found_handling = "none"`). */
async function fetchPage(path: string) {
  const assets = withAppShell(shell);
  const response = await fetchSettled(new Request(`http://up2.test${path}`), assets.env);
  return { response, html: await response.text() };
}

describe('pages the Worker knows no file for', () => {
  it.each(['/no-such-page', '/settings/nope', '/@alice/whatever-unknown', '/admin', '/%E0%A4%A'])(
    '%s answers 404 with the spec’s Page Not Found drawn in the app shell',
    async (path) => {
      const { response, html } = await fetchPage(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(html).toContain('<title>Page Not Found - Up2</title>');
      expect(html).toContain('Page Not Found</h1>');
      expect(html).toContain('The page you are looking for does not exist or has moved.');
      expect(html).not.toContain('Board Not Found');
      // The browser hydrates it as the app: the entry stays listed for the reader to load.
      expect(html).toContain('id="app-state"');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    },
  );

  it.each([
    '/dashboard',
    '/forgot-password',
    '/reset-password',
    '/verify-email',
    '/confirm-updates',
    '/following',
    '/notifications',
    '/feedback',
    '/admin/feedback',
  ])(
    '%s, a screen of the app, answers 200 with the app shell for the browser to draw',
    async (path) => {
      const { response, html } = await fetchPage(path);
      expect(response.status).toBe(200);
      expect(html).toBe(shell);
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    },
  );

  it('a board’s address in another spelling moves to /@username, keeping its query', async () => {
    const owner = await createUser();
    for (const path of [
      `/${owner.username}`,
      `/${owner.username.toUpperCase()}`,
      `/@${owner.username}/`,
    ]) {
      const { response } = await fetchPage(`${path}?ref=link`);
      expect(response.status, path).toBe(301);
      expect(new URL(response.headers.get('location') ?? '', 'http://up2.test').pathname).toBe(
        `/@${path.includes('@') ? owner.username : path.slice(1)}`,
      );
      expect(response.headers.get('location')).toMatch(/\?ref=link$/);
    }
    const board = await fetchPage(`/%40${owner.username}`);
    expect(board.response.status).toBe(200);
    expect(board.html).toContain(`Name ${owner.username}`);
  });

  it('an unknown board is still Board Not Found, not the 404 page', async () => {
    const { response, html } = await fetchPage('/@nobodyhere');
    expect(response.status).toBe(404);
    expect(html).toContain('Board Not Found');
  });

  it('an unknown API path still answers the API’s JSON error', async () => {
    const { response, html } = await fetchPage('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(JSON.parse(html)).toEqual({ error: 'Not found.' });
  });
});
