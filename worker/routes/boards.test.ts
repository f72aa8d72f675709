import { describe, expect, it } from 'vitest';
import {
  callJson,
  createBlock,
  createUser,
  fetchSettled,
  uniqueName,
  withAppShell,
} from '../test/factories';

type Block = { id: number; isVisible: boolean };

describe('GET /api/boards/:username', () => {
  it('answers { board, blocks, user } for a public board', async () => {
    const owner = await createUser();
    const block = await createBlock(owner, { title: 'Reading Dune' });
    const response = await callJson('GET', `/api/boards/${owner.username}`);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['blocks', 'board', 'user']);
    expect(response.body.board).toEqual({ globalImageRatio: 'square', hideAllImages: false });
    expect(response.body.blocks).toHaveLength(1);
    expect(response.body.blocks[0]).toMatchObject({ id: block.id, title: 'Reading Dune' });
    expect(response.body.user).toMatchObject({
      username: owner.username,
      displayName: `Name ${owner.username}`,
    });
  });

  it('accepts the username with a leading @ and in mixed case', async () => {
    const owner = await createUser();
    await createBlock(owner);
    const mixed = owner.username.toUpperCase();
    for (const handle of [
      `@${owner.username}`,
      mixed,
      `@${mixed}`,
      encodeURIComponent(`@${mixed}`),
    ]) {
      const response = await callJson('GET', `/api/boards/${handle}`);
      expect(response.status).toBe(200);
      expect(response.body.user.username).toBe(owner.username);
    }
  });

  it('never shows the email or password hash of the owner to others', async () => {
    const owner = await createUser();
    const other = await createUser();
    for (const token of [undefined, other.token]) {
      const response = await callJson('GET', `/api/boards/${owner.username}`, { token });
      expect(response.status).toBe(200);
      const user = response.body.user as Record<string, unknown>;
      expect(user).not.toHaveProperty('email');
      expect(user).not.toHaveProperty('passwordHash');
      expect(user).not.toHaveProperty('tokenVersion');
      expect(user).not.toHaveProperty('emailOptIn');
      expect(JSON.stringify(response.body)).not.toContain(owner.email);
      expect(JSON.stringify(response.body)).not.toContain('pbkdf2');
    }
  });

  it('shows the owner their own email but never the password hash', async () => {
    const owner = await createUser();
    const response = await callJson('GET', `/api/boards/${owner.username}`, { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.body.user.email).toBe(owner.email);
    expect(response.body.user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(response.body)).not.toContain('pbkdf2');
  });

  it('shows hidden blocks only to the owner', async () => {
    const owner = await createUser();
    const visible = await createBlock(owner, { title: 'visible' });
    const hidden = await createBlock(owner, { title: 'hidden', isVisible: false });
    const other = await createUser();
    const ids = (blocks: Block[]) => blocks.map((block) => block.id);

    const anonymous = await callJson('GET', `/api/boards/${owner.username}`);
    expect(ids(anonymous.body.blocks)).toEqual([visible.id]);
    const signedIn = await callJson('GET', `/api/boards/${owner.username}`, { token: other.token });
    expect(ids(signedIn.body.blocks)).toEqual([visible.id]);
    const own = await callJson('GET', `/api/boards/${owner.username}`, { token: owner.token });
    expect(ids(own.body.blocks)).toEqual([visible.id, hidden.id]);
  });

  it('answers a private board with the same 404 as an unknown user, except to its owner', async () => {
    const owner = await createUser({ isPublic: false });
    await createBlock(owner, { title: 'secret plans' });
    const other = await createUser();

    const unknown = await callJson('GET', `/api/boards/${uniqueName('nobody')}`);
    expect(unknown.status).toBe(404);
    const anonymous = await callJson('GET', `/api/boards/${owner.username}`);
    expect(anonymous.status).toBe(404);
    expect(anonymous.body).toEqual(unknown.body);
    const signedIn = await callJson('GET', `/api/boards/${owner.username}`, { token: other.token });
    expect(signedIn.status).toBe(404);
    expect(signedIn.body).toEqual(unknown.body);
    expect(JSON.stringify(signedIn.body)).not.toContain('secret plans');

    const own = await callJson('GET', `/api/boards/${owner.username}`, { token: owner.token });
    expect(own.status).toBe(200);
    expect(own.body.user).toMatchObject({ id: owner.id, isPublic: false, email: owner.email });
    expect(own.body.blocks).toHaveLength(1);
  });

  it('says the board is not found in the 404 body', async () => {
    const response = await callJson('GET', `/api/boards/${uniqueName('ghost')}`);
    expect(response.status).toBe(404);
    expect(response.body.error).toBe(
      "Board Not Found - This user doesn't exist or their board is private.",
    );
  });

  it('answers the owner board settings once they are changed', async () => {
    const owner = await createUser();
    await callJson('PUT', '/api/boards/me', {
      token: owner.token,
      body: { globalImageRatio: 'tall', hideAllImages: true },
    });
    const response = await callJson('GET', `/api/boards/${owner.username}`);
    expect(response.body.board).toEqual({ globalImageRatio: 'tall', hideAllImages: true });
  });
});

describe('PUT /api/boards/me', () => {
  it('sets the board-wide image ratio alone and keeps hideAllImages', async () => {
    const owner = await createUser();
    const response = await callJson('PUT', '/api/boards/me', {
      token: owner.token,
      body: { globalImageRatio: 'wide' },
    });
    expect(response.status).toBe(200);
    expect(response.body.board).toEqual({ globalImageRatio: 'wide', hideAllImages: false });
    const mine = await callJson('GET', '/api/blocks/me', { token: owner.token });
    expect(mine.body.board).toEqual({ globalImageRatio: 'wide', hideAllImages: false });
  });

  it('sets hideAllImages alone and keeps the image ratio', async () => {
    const owner = await createUser();
    await callJson('PUT', '/api/boards/me', {
      token: owner.token,
      body: { globalImageRatio: 'tall' },
    });
    const response = await callJson('PUT', '/api/boards/me', {
      token: owner.token,
      body: { hideAllImages: true },
    });
    expect(response.status).toBe(200);
    expect(response.body.board).toEqual({ globalImageRatio: 'tall', hideAllImages: true });
    const off = await callJson('PUT', '/api/boards/me', {
      token: owner.token,
      body: { hideAllImages: false },
    });
    expect(off.body.board).toEqual({ globalImageRatio: 'tall', hideAllImages: false });
  });

  it('refuses bad values, an empty body and unknown fields with 400 and changes nothing', async () => {
    const owner = await createUser();
    const bodies = [
      { globalImageRatio: 'auto' },
      { globalImageRatio: 'huge' },
      { globalImageRatio: 1 },
      { hideAllImages: 'yes' },
      { hideAllImages: 1 },
      {},
      { theme: 'dark' },
    ];
    for (const body of bodies) {
      const response = await callJson('PUT', '/api/boards/me', { token: owner.token, body });
      expect(response.status).toBe(400);
      expect(typeof response.body.error).toBe('string');
    }
    const mine = await callJson('GET', '/api/blocks/me', { token: owner.token });
    expect(mine.body.board).toEqual({ globalImageRatio: 'square', hideAllImages: false });
  });

  it('refuses a signed-out caller with 401', async () => {
    const response = await callJson('PUT', '/api/boards/me', { body: { hideAllImages: true } });
    expect(response.status).toBe(401);
  });
});

/**
 * The pages answer the web app's shell, fetched from the ASSETS binding. Its files exist only after
 * `vite build` (dist/client); without them ASSETS answers 404 and so would these pages. A stand-in
 * ASSETS keeps these tests about the Worker's routing and headers, whatever was built.
 */
async function fetchPage(path: string) {
  const assets = withAppShell(
    '<!doctype html><html lang="en"><body><div id="root"></div></body></html>',
  );
  const response = await fetchSettled(new Request(`http://up2.test${path}`), assets.env);
  return { response, asked: assets.asked().map((url) => new URL(url).pathname) };
}

describe('board and embed pages', () => {
  // Its head, per board, is proved in board-page.test.ts.
  it('answers GET /@name with the HTML app shell, not frameable', async () => {
    const owner = await createUser();
    const { response, asked } = await fetchPage(`/@${owner.username}`);
    expect(response.status).toBe(200);
    expect(asked).toEqual(['/index.html']);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await response.text()).toContain('<div id="root">');
  });
});
