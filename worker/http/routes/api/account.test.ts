import { env } from 'cloudflare:workers';
import { encode as encodePng } from 'fast-png';
import Papa from 'papaparse';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiClient,
  createBlock,
  createUser,
  expectStatus,
  fetchSettled,
  readJson,
  runCron,
  type TestUser,
  withAppShell,
} from '../../../test/factories';

afterEach(() => {
  vi.restoreAllMocks();
});

const wrongPassword = 'That is not your current password.';

function login(username: string, password: string) {
  return readJson(apiClient().auth.login.$post({ json: { username, password } }));
}

async function secondSession(user: TestUser): Promise<string> {
  const session = await login(user.username, user.password);
  expectStatus(session, 200);
  return session.body.token;
}

const png = () =>
  new Uint8Array(
    encodePng({ width: 4, height: 4, data: new Uint8Array(48).fill(90), channels: 3 }),
  );

async function uploadAvatar(user: TestUser): Promise<string> {
  const file = new File([png()], 'me.png', { type: 'image/png' });
  const uploaded = await readJson(
    apiClient({ token: user.token }).upload.avatar.$post({ form: { file } }),
  );
  expectStatus(uploaded, 201);
  return uploaded.body.url;
}

const r2Key = (url: string) => url.replace('/api/images/', '');

describe('POST /api/account/sign-out-everywhere', () => {
  it('ends every session of the account, this one too', async () => {
    const user = await createUser();
    const other = await secondSession(user);
    const out = await apiClient({ token: user.token }).account['sign-out-everywhere'].$post();
    expect(out.status).toBe(200);
    expect((await apiClient({ token: user.token }).auth.me.$get()).status).toBe(401);
    expect((await apiClient({ token: other }).auth.me.$get()).status).toBe(401);
    expect((await login(user.username, user.password)).status).toBe(200);
  });
});

describe('PUT /api/account/password', () => {
  it('sets the new password, keeps this session and ends the others', async () => {
    const user = await createUser();
    const other = await secondSession(user);
    const changed = await readJson(
      apiClient({ token: user.token }).account.password.$put({
        json: { currentPassword: user.password, newPassword: 'a-new-long-passphrase' },
      }),
    );
    expectStatus(changed, 200);
    expect((await apiClient({ token: user.token }).auth.me.$get()).status).toBe(200);
    expect((await apiClient({ token: other }).auth.me.$get()).status).toBe(401);
    expect((await login(user.username, user.password)).status).toBe(401);
    expect((await login(user.username, 'a-new-long-passphrase')).status).toBe(200);
  });

  it('refuses a wrong current password and a common new one, on their fields, changing nothing', async () => {
    const user = await createUser();
    const wrong = await readJson(
      apiClient({ token: user.token }).account.password.$put({
        json: { currentPassword: 'not-it', newPassword: 'a-new-long-passphrase' },
      }),
    );
    expectStatus(wrong, 400);
    expect(wrong.body.fields).toEqual({ currentPassword: wrongPassword });
    const common = await readJson(
      apiClient({ token: user.token }).account.password.$put({
        json: { currentPassword: user.password, newPassword: 'iloveyou' },
      }),
    );
    expectStatus(common, 400);
    expect(Object.keys(common.body.fields ?? {})).toEqual(['newPassword']);
    expect((await login(user.username, user.password)).status).toBe(200);
  });
});

describe('GET /api/account/export', () => {
  it('is one JSON download of the profile, board, every block with its counts, feedback and stats', async () => {
    const user = await createUser();
    const avatar = await uploadAvatar(user);
    await apiClient({ token: user.token }).auth.me.$put({ json: { avatar, bio: 'Reads a lot' } });
    await createBlock(user, { title: 'Shown' });
    await createBlock(user, { title: 'Hidden', isVisible: false });
    await apiClient({ token: user.token }).feedback.$post({
      json: { type: 'feature', title: 'Dark mode', description: 'A dark theme for the night.' },
    });
    const exported = await readJson(apiClient({ token: user.token }).account.export.$get());
    expectStatus(exported, 200);
    expect(exported.headers.get('content-disposition')).toBe(
      `attachment; filename="up2-${user.username}.json"`,
    );
    const data = exported.body;
    expect(data.account).toMatchObject({
      username: user.username,
      email: user.email,
      bio: 'Reads a lot',
      avatar: `http://up2.test${avatar}`,
    });
    expect(data.account).not.toHaveProperty('passwordHash');
    expect(data.board).toMatchObject({ url: `http://up2.test/@${user.username}` });
    expect(data.blocks.map((block: { title: string }) => block.title)).toEqual(['Shown', 'Hidden']);
    expect(data.blocks[1]).toMatchObject({ isVisible: false, copyCount: 0, clickCount: 0 });
    expect(data.feedback).toHaveLength(1);
    expect(data.feedback[0]).toMatchObject({ title: 'Dark mode' });
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(Array.isArray(data.dailyStats)).toBe(true);
  });

  it('holds the goals, sources with their options, token names and passkey names, never a secret', async () => {
    const user = await createUser();
    const api = apiClient({ token: user.token });
    expectStatus(
      await readJson(
        api.goals.$post({
          json: { year: 2026, target: 24, scope: 'type', scopeKey: 'books-reading' },
        }),
      ),
      201,
    );
    const token = await readJson(
      api.account.tokens.$post({ json: { name: 'Shortcut', scopes: ['read'] } }),
    );
    expectStatus(token, 201);
    await env.DB.prepare(
      `INSERT INTO sources (user_id, url, kind, title, shelves, start_hidden, slot)
       VALUES (?, 'https://letterboxd.com/ada/rss/', 'letterboxd', 'Letterboxd - ada', '["done"]', 1, 7)`,
    )
      .bind(user.id)
      .run();
    await env.DB.prepare(
      `INSERT INTO passkeys (id, user_id, name, public_key, counter) VALUES ('cred-1', ?, 'Laptop', 'secret-key', 0)`,
    )
      .bind(user.id)
      .run();

    const exported = await readJson(api.account.export.$get());
    expectStatus(exported, 200);
    const data = exported.body;
    expect(data.goals).toEqual([
      {
        year: 2026,
        target: 24,
        scope: 'type',
        scopeKey: 'books-reading',
        isPrivate: false,
        createdAt: expect.any(String),
      },
    ]);
    expect(data.sources).toEqual([
      {
        url: 'https://letterboxd.com/ada/rss/',
        kind: 'letterboxd',
        title: 'Letterboxd - ada',
        options: { shelves: ['done'], startHidden: true, blockPerItem: false },
        paused: false,
        createdAt: expect.any(String),
      },
    ]);
    expect(data.accessTokens).toEqual([
      { name: 'Shortcut', scopes: ['read'], createdAt: expect.any(String), lastUsedAt: null },
    ]);
    expect(data.passkeys).toEqual([
      { name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null },
    ]);
    const file = JSON.stringify(data);
    expect(file).not.toContain(token.body.token);
    expect(file).not.toContain('secret-key');
    expect(file).not.toContain('cred-1');
  });

  it('offers the blocks as CSV, one row a block, formulas written as text', async () => {
    const user = await createUser();
    await createBlock(user, {
      title: 'Dune, part one',
      rating: 4.5,
      review: 'Sand.\nMore "sand".',
    });
    await createBlock(user, { title: '=HYPERLINK("http://127.0.0.1:9")', isVisible: false });
    const answer = await apiClient({ token: user.token }).account.export.blocks.$get();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="up2-${user.username}-blocks.csv"`,
    );
    const rows = Papa.parse<Record<string, string>>(await answer.text(), { header: true }).data;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      title: 'Dune, part one',
      type: 'books-reading',
      status: 'now',
      rating: '4.5',
      review: 'Sand.\nMore "sand".',
      isVisible: 'true',
    });
    expect(rows[1]).toMatchObject({
      title: `'=HYPERLINK("http://127.0.0.1:9")`,
      isVisible: 'false',
    });
    expect((await apiClient().account.export.blocks.$get()).status).toBe(401);
  });

  it('refuses a signed-out export with 401', async () => {
    expect((await apiClient().account.export.$get()).status).toBe(401);
  });
});

const shell = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';

describe('DELETE /api/account', () => {
  it('removes the account, its blocks, sessions and images; the board answers 404 at once, cache included', async () => {
    const user = await createUser();
    const avatar = await uploadAvatar(user);
    await apiClient({ token: user.token }).auth.me.$put({ json: { avatar } });
    await createBlock(user, { title: 'Soon gone' });
    const { env: withShell } = withAppShell(shell);
    const page = (path: string) => fetchSettled(new Request(`http://up2.test${path}`), withShell);
    // Read once each, so every rendition sits in the edge cache.
    for (const path of [
      `/@${user.username}`,
      `/embed/@${user.username}`,
      `/api/boards/${user.username}`,
    ]) {
      expect((await page(path)).status).toBe(200);
    }
    const deleted = await readJson(
      apiClient({ token: user.token }).account.$delete({ json: { password: user.password } }),
    );
    expectStatus(deleted, 200);
    for (const path of [
      `/@${user.username}`,
      `/embed/@${user.username}`,
      `/api/boards/${user.username}`,
    ]) {
      expect((await page(path)).status, path).toBe(404);
    }
    expect((await apiClient({ token: user.token }).auth.me.$get()).status).toBe(401);
    expect((await login(user.username, user.password)).status).toBe(401);
    const rows = await env.DB.prepare(
      'SELECT (SELECT count(*) FROM users WHERE id = ?1) + (SELECT count(*) FROM blocks WHERE user_id = ?1) + (SELECT count(*) FROM sessions WHERE user_id = ?1) AS n',
    )
      .bind(user.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
    expect(await env.IMAGES.get(r2Key(avatar))).toBeNull();
  });

  it("never gives the deleted account's name to anyone again, in any case", async () => {
    const user = await createUser();
    const deleted = await apiClient({ token: user.token }).account.$delete({
      json: { password: user.password },
    });
    expect(deleted.status).toBe(200);
    const taken = await readJson(
      apiClient().auth.register.$post({
        json: {
          username: user.username.toUpperCase(),
          email: `new-${user.username}@example.com`,
          password: 'up2-test-passphrase',
          displayName: 'Someone Else',
          emailOptIn: false,
        },
      }),
    );
    expectStatus(taken, 409);
    expect(taken.body.fields).toEqual({ username: 'This username is already taken.' });
    // The database holds the rule too, for a sign-up that raced the deletion.
    const insert = env.DB.prepare(
      "INSERT INTO users (username, email, display_name, password_hash) VALUES (?, ?, 'x', 'x')",
    ).bind(user.username, `raced-${user.username}@example.com`);
    await expect(insert.run()).rejects.toThrow('username_retired');
  });

  it("leaves other people's copies theirs, with the image they show", async () => {
    const owner = await createUser();
    const image = `/api/images/generated/${owner.id}/${crypto.randomUUID()}.jpg`;
    await env.IMAGES.put(r2Key(image), png());
    const source = await createBlock(owner, { title: 'Learn Rust', imageUrl: image });
    const copier = await createUser();
    const copied = await readJson(
      apiClient({ token: copier.token }).blocks[':id'].copy.$post({
        param: { id: String(source.id) },
      }),
    );
    expectStatus(copied, 201);
    const deleted = await apiClient({ token: owner.token }).account.$delete({
      json: { password: owner.password },
    });
    expect(deleted.status).toBe(200);
    const board = await readJson(
      apiClient().boards[':username'].$get({ query: {}, param: { username: copier.username } }),
    );
    expectStatus(board, 200);
    expect(board.body.blocks).toMatchObject([{ title: 'Learn Rust', imageUrl: image }]);
    expect(await env.IMAGES.get(r2Key(image))).not.toBeNull();
  });

  it('drops views still on their way for a deleted board, without failing the roll-up', async () => {
    const user = await createUser();
    await fetchSettled(new Request(`http://up2.test/api/boards/${user.username}`));
    await apiClient({ token: user.token }).account.$delete({ json: { password: user.password } });
    await runCron();
    const days = await env.DB.prepare('SELECT count(*) AS n FROM daily_views WHERE board_id = ?')
      .bind(user.id)
      .first<{ n: number }>();
    expect(days?.n).toBe(0);
  });

  it('deletes its link-preview cards: neither their route nor the image route serves them', async () => {
    const user = await createUser();
    const card = await fetchSettled(new Request(`http://up2.test/api/og/${user.username}.png`));
    expect(card.status).toBe(200);
    const listed = await env.IMAGES.list({ prefix: `og/${user.username}/` });
    const [stored] = listed.objects.map((object) => object.key);
    expect(stored).toBeDefined();
    const deleted = await apiClient({ token: user.token }).account.$delete({
      json: { password: user.password },
    });
    expect(deleted.status).toBe(200);
    expect((await env.IMAGES.list({ prefix: `og/${user.username}/` })).objects).toEqual([]);
    for (const path of [`/api/og/${user.username}.png`, `/api/images/${stored}`]) {
      expect((await fetchSettled(new Request(`http://up2.test${path}`))).status).toBe(404);
    }
  });

  it('takes its email from feedback it sent, signed in or not; the items stay, anonymous', async () => {
    const user = await createUser();
    const feedback = {
      type: 'bug' as const,
      description: 'The save button does nothing.',
      userId: null,
    };
    const signedIn = await readJson(
      apiClient({ token: user.token }).feedback.$post({
        json: { ...feedback, title: 'Signed in', email: user.email },
      }),
    );
    const signedOut = await readJson(
      apiClient().feedback.$post({
        json: { ...feedback, title: 'Signed out', email: user.email.toUpperCase() },
      }),
    );
    expectStatus(signedIn, 201);
    expectStatus(signedOut, 201);
    const deleted = await apiClient({ token: user.token }).account.$delete({
      json: { password: user.password },
    });
    expect(deleted.status).toBe(200);
    const rows = await env.DB.prepare(
      'SELECT title, email, user_id AS userId FROM feedback WHERE id IN (?, ?) ORDER BY id',
    )
      .bind(signedIn.body.id, signedOut.body.id)
      .all();
    expect(rows.results).toEqual([
      { title: 'Signed in', email: null, userId: null },
      { title: 'Signed out', email: null, userId: null },
    ]);
  });

  it('refuses a wrong password with 400 and deletes nothing', async () => {
    const user = await createUser();
    const refused = await readJson(
      apiClient({ token: user.token }).account.$delete({ json: { password: 'not-it' } }),
    );
    expectStatus(refused, 400);
    expect(refused.body.fields).toEqual({ password: wrongPassword });
    expect((await apiClient({ token: user.token }).auth.me.$get()).status).toBe(200);
  });
});

describe('a replaced avatar', () => {
  it('is deleted from storage; an avatar from elsewhere leaves nothing to delete', async () => {
    const user = await createUser();
    const first = await uploadAvatar(user);
    await apiClient({ token: user.token }).auth.me.$put({ json: { avatar: first } });
    const second = await uploadAvatar(user);
    const changed = await apiClient({ token: user.token }).auth.me.$put({
      json: { avatar: second },
    });
    expectStatus(changed, 200);
    expect(await env.IMAGES.get(r2Key(first))).toBeNull();
    expect(await env.IMAGES.get(r2Key(second))).not.toBeNull();
    await apiClient({ token: user.token }).auth.me.$put({
      json: { avatar: 'https://example.com/me.png' },
    });
    expect(await env.IMAGES.get(r2Key(second))).toBeNull();
  });
});
