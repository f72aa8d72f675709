import { env } from 'cloudflare:workers';
import { encode as encodePng } from 'fast-png';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  call,
  callJson,
  createBlock,
  createUser,
  fetchSettled,
  runCron,
  type TestUser,
  uniqueName,
  withAppShell,
} from '../test/factories';

afterEach(() => {
  vi.restoreAllMocks();
});

const wrongPassword = 'That is not your current password.';

function login(username: string, password: string) {
  return callJson('POST', '/api/auth/login', { body: { username, password } });
}

async function secondSession(user: TestUser): Promise<string> {
  return (await login(user.username, user.password)).body.token;
}

const png = () =>
  new Uint8Array(
    encodePng({ width: 4, height: 4, data: new Uint8Array(48).fill(90), channels: 3 }),
  );

async function uploadAvatar(user: TestUser): Promise<string> {
  const form = new FormData();
  form.append('file', new File([png()], 'me.png', { type: 'image/png' }));
  const uploaded = await callJson('POST', '/api/upload/avatar', { token: user.token, body: form });
  expect(uploaded.status).toBe(201);
  return uploaded.body.url;
}

const r2Key = (url: string) => url.replace('/api/images/', '');

describe('POST /api/account/sign-out-everywhere', () => {
  it('ends every session of the account, this one too', async () => {
    const user = await createUser();
    const other = await secondSession(user);
    const out = await call('POST', '/api/account/sign-out-everywhere', { token: user.token });
    expect(out.status).toBe(200);
    expect((await call('GET', '/api/auth/me', { token: user.token })).status).toBe(401);
    expect((await call('GET', '/api/auth/me', { token: other })).status).toBe(401);
    expect((await login(user.username, user.password)).status).toBe(200);
  });
});

describe('PUT /api/account/password', () => {
  it('sets the new password, keeps this session and ends the others', async () => {
    const user = await createUser();
    const other = await secondSession(user);
    const changed = await callJson('PUT', '/api/account/password', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'a-new-long-passphrase' },
    });
    expect(changed.status).toBe(200);
    expect((await call('GET', '/api/auth/me', { token: user.token })).status).toBe(200);
    expect((await call('GET', '/api/auth/me', { token: other })).status).toBe(401);
    expect((await login(user.username, user.password)).status).toBe(401);
    expect((await login(user.username, 'a-new-long-passphrase')).status).toBe(200);
  });

  it('refuses a wrong current password and a common new one, on their fields, changing nothing', async () => {
    const user = await createUser();
    const wrong = await callJson('PUT', '/api/account/password', {
      token: user.token,
      body: { currentPassword: 'not-it', newPassword: 'a-new-long-passphrase' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ currentPassword: wrongPassword });
    const common = await callJson('PUT', '/api/account/password', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'iloveyou' },
    });
    expect(common.status).toBe(400);
    expect(Object.keys(common.body.fields)).toEqual(['newPassword']);
    expect((await login(user.username, user.password)).status).toBe(200);
  });
});

describe('PUT /api/account/email', () => {
  it('changes the address with the password, stops updates until the new one confirms, and tells the old one', async () => {
    const user = await createUser();
    await env.DB.prepare('UPDATE users SET email_opt_in = 1 WHERE id = ?').bind(user.id).run();
    const email = `${uniqueName('new')}@example.com`;
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const changed = await fetchSettled(
      new Request('http://up2.test/api/account/email', {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${user.token}`,
          'content-type': 'application/json',
          'cf-connecting-ip': '203.0.113.50',
        },
        body: JSON.stringify({ password: user.password, email: email.toUpperCase() }),
      }),
    );
    const printed = log.mock.calls.flat().map(String).join('\n');
    log.mockRestore();
    expect(changed.status).toBe(200);
    const body = (await changed.json()) as { user: { email: string; emailOptIn: boolean } };
    expect(body.user).toMatchObject({ email, emailOptIn: false });
    expect(printed).toContain(`To: ${user.email}`);
    expect(printed).toContain(`is now ${email}`);
  });

  it('refuses an address another account has with 409, and a wrong password with 400', async () => {
    const [user, other] = [await createUser(), await createUser()];
    const taken = await callJson('PUT', '/api/account/email', {
      token: user.token,
      body: { password: user.password, email: other.email },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.fields).toEqual({ email: 'An account with this email already exists.' });
    const wrong = await callJson('PUT', '/api/account/email', {
      token: user.token,
      body: { password: 'nope', email: `${uniqueName('x')}@example.com` },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ password: wrongPassword });
    const me = await callJson('GET', '/api/auth/me', { token: user.token });
    expect(me.body.user.email).toBe(user.email);
  });
});

describe('GET /api/account/export', () => {
  it('is one JSON download of the profile, board, every block with its counts, feedback and stats', async () => {
    const user = await createUser();
    const avatar = await uploadAvatar(user);
    await call('PUT', '/api/auth/me', { token: user.token, body: { avatar, bio: 'Reads a lot' } });
    await createBlock(user, { title: 'Shown' });
    await createBlock(user, { title: 'Hidden', isVisible: false });
    await call('POST', '/api/feedback', {
      token: user.token,
      body: { type: 'feature', title: 'Dark mode', description: 'A dark theme for the night.' },
    });
    const response = await call('GET', '/api/account/export', { token: user.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="up2-${user.username}.json"`,
    );
    const data = (await response.json()) as Record<string, any>;
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

  it('refuses a signed-out export with 401', async () => {
    expect((await call('GET', '/api/account/export')).status).toBe(401);
  });
});

const shell = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';

describe('DELETE /api/account', () => {
  it('removes the account, its blocks, sessions and images; the board answers 404 at once, cache included', async () => {
    const user = await createUser();
    const avatar = await uploadAvatar(user);
    await call('PUT', '/api/auth/me', { token: user.token, body: { avatar } });
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
    const deleted = await callJson('DELETE', '/api/account', {
      token: user.token,
      body: { password: user.password },
    });
    expect(deleted.status).toBe(200);
    for (const path of [
      `/@${user.username}`,
      `/embed/@${user.username}`,
      `/api/boards/${user.username}`,
    ]) {
      expect((await page(path)).status, path).toBe(404);
    }
    expect((await call('GET', '/api/auth/me', { token: user.token })).status).toBe(401);
    expect((await login(user.username, user.password)).status).toBe(401);
    const rows = await env.DB.prepare(
      'SELECT (SELECT count(*) FROM users WHERE id = ?1) + (SELECT count(*) FROM blocks WHERE user_id = ?1) + (SELECT count(*) FROM sessions WHERE user_id = ?1) AS n',
    )
      .bind(user.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
    expect(await env.IMAGES.get(r2Key(avatar))).toBeNull();
    expect(await env.COUNTERS.get(`views:${user.id}`)).toBeNull();
  });

  it("leaves other people's copies theirs, with the image they show", async () => {
    const owner = await createUser();
    const image = `/api/images/generated/${owner.id}/${crypto.randomUUID()}.jpg`;
    await env.IMAGES.put(r2Key(image), png());
    const source = await createBlock(owner, { title: 'Learn Rust', imageUrl: image });
    const copier = await createUser();
    const copied = await callJson('POST', `/api/blocks/${source.id}/copy`, { token: copier.token });
    expect(copied.status).toBe(201);
    const deleted = await call('DELETE', '/api/account', {
      token: owner.token,
      body: { password: owner.password },
    });
    expect(deleted.status).toBe(200);
    const board = await callJson('GET', `/api/boards/${copier.username}`);
    expect(board.body.blocks).toMatchObject([{ title: 'Learn Rust', imageUrl: image }]);
    expect(await env.IMAGES.get(r2Key(image))).not.toBeNull();
  });

  it('drops views still on their way for a deleted board, without failing the roll-up', async () => {
    const user = await createUser();
    await fetchSettled(new Request(`http://up2.test/api/boards/${user.username}`));
    await call('DELETE', '/api/account', { token: user.token, body: { password: user.password } });
    await runCron();
    const days = await env.DB.prepare('SELECT count(*) AS n FROM daily_views WHERE board_id = ?')
      .bind(user.id)
      .first<{ n: number }>();
    expect(days?.n).toBe(0);
  });

  it('refuses a wrong password with 400 and deletes nothing', async () => {
    const user = await createUser();
    const refused = await callJson('DELETE', '/api/account', {
      token: user.token,
      body: { password: 'not-it' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ password: wrongPassword });
    expect((await call('GET', '/api/auth/me', { token: user.token })).status).toBe(200);
  });
});

describe('a replaced avatar', () => {
  it('is deleted from storage; an avatar from elsewhere leaves nothing to delete', async () => {
    const user = await createUser();
    const first = await uploadAvatar(user);
    await call('PUT', '/api/auth/me', { token: user.token, body: { avatar: first } });
    const second = await uploadAvatar(user);
    const changed = await call('PUT', '/api/auth/me', {
      token: user.token,
      body: { avatar: second },
    });
    expect(changed.status).toBe(200);
    expect(await env.IMAGES.get(r2Key(first))).toBeNull();
    expect(await env.IMAGES.get(r2Key(second))).not.toBeNull();
    await call('PUT', '/api/auth/me', {
      token: user.token,
      body: { avatar: 'https://example.com/me.png' },
    });
    expect(await env.IMAGES.get(r2Key(second))).toBeNull();
  });
});
