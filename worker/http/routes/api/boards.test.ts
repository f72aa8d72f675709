import { describe, expect, it } from 'vitest';
import {
  apiClient,
  createBlock,
  createUser,
  expectStatus,
  fetchSettled,
  offContract,
  readJson,
  uniqueName,
  withAppShell,
} from '../../../test/factories';

/** A board through the API, as a visitor sees it or, with their token, as its owner does. */
function getBoard(username: string, token?: string) {
  return readJson(
    apiClient({ token }).boards[':username'].$get({ query: {}, param: { username } }),
  );
}

function myBlocks(token: string) {
  return readJson(apiClient({ token }).blocks.me.$get());
}

describe('GET /api/boards/:username', () => {
  it('answers { board, blocks, tabs, user } for a public board', async () => {
    const owner = await createUser();
    const block = await createBlock(owner, { title: 'Reading Dune' });
    const response = await getBoard(owner.username);
    expectStatus(response, 200);
    expect(Object.keys(response.body).sort()).toEqual(['blocks', 'board', 'tabs', 'user']);
    expect(response.body.board).toMatchObject({ globalImageRatio: 'square', hideAllImages: false });
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
      const response = await getBoard(handle);
      expectStatus(response, 200);
      expect(response.body.user.username).toBe(owner.username);
    }
  });

  it('never shows the email or password hash of the owner to others', async () => {
    const owner = await createUser();
    const other = await createUser();
    for (const token of [undefined, other.token]) {
      const response = await getBoard(owner.username, token);
      expectStatus(response, 200);
      const { user } = response.body;
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
    const response = await getBoard(owner.username, owner.token);
    expectStatus(response, 200);
    expect(response.body.user).toHaveProperty('email', owner.email);
    expect(response.body.user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(response.body)).not.toContain('pbkdf2');
  });

  it('shows hidden blocks only to the owner', async () => {
    const owner = await createUser();
    const visible = await createBlock(owner, { title: 'visible' });
    const hidden = await createBlock(owner, { title: 'hidden', isVisible: false });
    const other = await createUser();
    const ids = (blocks: { id: number }[]) => blocks.map((block) => block.id);

    const anonymous = await getBoard(owner.username);
    expectStatus(anonymous, 200);
    expect(ids(anonymous.body.blocks)).toEqual([visible.id]);
    const signedIn = await getBoard(owner.username, other.token);
    expectStatus(signedIn, 200);
    expect(ids(signedIn.body.blocks)).toEqual([visible.id]);
    const own = await getBoard(owner.username, owner.token);
    expectStatus(own, 200);
    expect(ids(own.body.blocks)).toEqual([visible.id, hidden.id]);
  });

  it('answers a private board with the same 404 as an unknown user, except to its owner', async () => {
    const owner = await createUser({ isPublic: false });
    await createBlock(owner, { title: 'secret plans' });
    const other = await createUser();

    const unknown = await getBoard(uniqueName('nobody'));
    expectStatus(unknown, 404);
    const anonymous = await getBoard(owner.username);
    expectStatus(anonymous, 404);
    expect(anonymous.body).toEqual(unknown.body);
    const signedIn = await getBoard(owner.username, other.token);
    expectStatus(signedIn, 404);
    expect(signedIn.body).toEqual(unknown.body);
    expect(JSON.stringify(signedIn.body)).not.toContain('secret plans');

    const own = await getBoard(owner.username, owner.token);
    expectStatus(own, 200);
    expect(own.body.user).toMatchObject({ id: owner.id, isPublic: false, email: owner.email });
    expect(own.body.blocks).toHaveLength(1);
  });

  it('says the board is not found in the 404 body', async () => {
    const response = await getBoard(uniqueName('ghost'));
    expectStatus(response, 404);
    expect(response.body.error).toBe(
      "Board Not Found - This user doesn't exist or their board is private.",
    );
  });

  it('answers the owner board settings once they are changed', async () => {
    const owner = await createUser();
    await readJson(
      apiClient({ token: owner.token }).boards.me.$put({
        json: { globalImageRatio: 'tall', hideAllImages: true },
      }),
    );
    const response = await getBoard(owner.username);
    expectStatus(response, 200);
    expect(response.body.board).toMatchObject({ globalImageRatio: 'tall', hideAllImages: true });
  });
});

describe('PUT /api/boards/me', () => {
  it('sets the board-wide image ratio alone and keeps hideAllImages', async () => {
    const owner = await createUser();
    const response = await readJson(
      apiClient({ token: owner.token }).boards.me.$put({ json: { globalImageRatio: 'wide' } }),
    );
    expectStatus(response, 200);
    expect(response.body.board).toEqual({
      globalImageRatio: 'wide',
      hideAllImages: false,
      accent: 'violet',
      timeZone: null,
    });
    const mine = await myBlocks(owner.token);
    expectStatus(mine, 200);
    expect(mine.body.board).toEqual({
      globalImageRatio: 'wide',
      hideAllImages: false,
      accent: 'violet',
    });
  });

  it('sets hideAllImages alone and keeps the image ratio', async () => {
    const owner = await createUser();
    await readJson(
      apiClient({ token: owner.token }).boards.me.$put({ json: { globalImageRatio: 'tall' } }),
    );
    const response = await readJson(
      apiClient({ token: owner.token }).boards.me.$put({ json: { hideAllImages: true } }),
    );
    expectStatus(response, 200);
    expect(response.body.board).toEqual({
      globalImageRatio: 'tall',
      hideAllImages: true,
      accent: 'violet',
      timeZone: null,
    });
    const off = await readJson(
      apiClient({ token: owner.token }).boards.me.$put({ json: { hideAllImages: false } }),
    );
    expectStatus(off, 200);
    expect(off.body.board).toEqual({
      globalImageRatio: 'tall',
      hideAllImages: false,
      accent: 'violet',
      timeZone: null,
    });
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
      const response = await readJson(
        apiClient({ token: owner.token }).boards.me.$put({ json: offContract(body) }),
      );
      expectStatus(response, 400);
      expect(typeof response.body.error).toBe('string');
    }
    const mine = await myBlocks(owner.token);
    expectStatus(mine, 200);
    expect(mine.body.board).toEqual({
      globalImageRatio: 'square',
      hideAllImages: false,
      accent: 'violet',
    });
  });

  it('refuses a signed-out caller with 401', async () => {
    const response = await readJson(apiClient().boards.me.$put({ json: { hideAllImages: true } }));
    expectStatus(response, 401);
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
