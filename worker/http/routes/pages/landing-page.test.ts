import { describe, expect, it } from 'vitest';
import {
  apiClient,
  createBlock,
  createUser,
  expectStatus,
  fetchSettled,
  readJson,
  withAppShell,
} from '../../../test/factories';

const shell = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<title>Up2 - What are you up to these days?</title></head><body><div id="root"></div></body></html>`;

/** `/` as the Worker answers it, with a stand-in ASSETS (dist/ may not be built). */
async function fetchLanding() {
  const response = await fetchSettled(new Request('http://up2.test/'), withAppShell(shell).env);
  return { response, html: await response.text() };
}

describe('GET /', () => {
  it('brings the landing page rendered, with the boards changed last and only the data it shows', async () => {
    const shown = await createUser();
    await createBlock(shown);
    const hidden = await createUser({ isPublic: false });
    await createBlock(hidden);
    const { response, html } = await fetchLanding();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('content-security-policy')).toContain("form-action 'self'");

    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('these days?');
    expect(root).toContain('Explore Live Boards');
    expect(root).toContain(`/@${shown.username}`);
    expect(root).not.toContain(hidden.username);

    const state = JSON.parse(
      html.match(/<script type="application\/json" id="app-state">(.*?)<\/script>/)?.[1] ?? '{}',
    );
    const newest = await readJson(apiClient().discover.$get({ query: { limit: '8' } }));
    expectStatus(newest, 200);
    expect(state[0].queryKey).toEqual(['discover', { limit: 8 }]);
    // Who they are, and nothing the page does not show.
    expect(state[0].data).toEqual(
      newest.body.boards.map(({ user }) => ({
        username: user.username,
        displayName: user.displayName,
        bio: user.bio,
        avatar: user.avatar,
      })),
    );
  });

  it('keeps the page at the edge for a minute, so most visits cost no render', async () => {
    const first = await fetchLanding();
    const newcomer = await createUser();
    await createBlock(newcomer);
    const second = await fetchLanding();
    expect(second.response.status).toBe(200);
    expect(second.response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(second.html).toBe(first.html);
    expect(second.html).not.toContain(newcomer.username);
  });
});
