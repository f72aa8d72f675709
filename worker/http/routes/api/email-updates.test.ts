import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiClient,
  createUser,
  expectStatus,
  fetchSettled,
  readJson,
  type TestUser,
  uniqueName,
} from '../../../test/factories';

afterEach(() => {
  vi.restoreAllMocks();
});

const linkPattern = /http:\/\/localhost:5173\/confirm-updates\?token=([\w-]+)/g;
const verifyLinkPattern = /http:\/\/localhost:5173\/verify-email\?token=([\w-]+)/g;

/** Sends a request through the Worker, waits for the mail it sends, and answers the links mailed. */
async function sendAndReadMail(request: Request) {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const response = await fetchSettled(request);
  const printed = log.mock.calls.map((args) => args.map(String).join(' ')).join('\n');
  log.mockRestore();
  const tokens = [...printed.matchAll(linkPattern)].map((match) => match[1] as string);
  return { status: response.status, headers: response.headers, tokens, printed };
}

function jsonRequest(method: string, path: string, body?: unknown, token?: string) {
  const headers = new Headers({
    'cf-connecting-ip': `203.0.113.${Math.floor(Math.random() * 250)}`,
  });
  if (body !== undefined) headers.set('content-type', 'application/json');
  if (token) headers.set('authorization', `Bearer ${token}`);
  return new Request(`http://up2.test/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A proven address that asked for updates from settings, and the link mailed to confirm them. */
async function askingForUpdates() {
  const user = await createUser({ emailVerified: true });
  const asked = await sendAndReadMail(jsonRequest('POST', '/email-updates', undefined, user.token));
  expect(asked.status).toBe(202);
  return { ...user, links: asked.tokens };
}

async function optedIn(token: string): Promise<boolean> {
  const me = await readJson(apiClient({ token }).auth.me.$get());
  expectStatus(me, 200);
  return me.body.user.emailOptIn;
}

function confirm(link: string) {
  return readJson(apiClient()['email-updates'].confirm.$post({ json: { token: link } }));
}

describe('"Send me updates" is confirmed by email before it counts', () => {
  it('a sign-up that asks for updates gets them once the link that proves the address is followed', async () => {
    const username = uniqueName('up');
    const registered = await sendAndReadMail(
      jsonRequest('POST', '/auth/register', {
        username,
        email: `${username}@example.com`,
        password: 'a-long-passphrase',
        displayName: 'Updates Reader',
        emailOptIn: true,
      }),
    );
    expect(registered.status).toBe(201);
    expect(registered.tokens).toEqual([]);
    const [link] = [...registered.printed.matchAll(verifyLinkPattern)].map((m) => m[1] as string);
    const login = await readJson(
      apiClient().auth.login.$post({ json: { username, password: 'a-long-passphrase' } }),
    );
    expectStatus(login, 200);
    expect(await optedIn(login.body.token)).toBe(false);
    const verified = await readJson(
      apiClient()['email-verification'].confirm.$post({ json: { token: link as string } }),
    );
    expectStatus(verified, 200);
    expect(await optedIn(login.body.token)).toBe(true);
  });

  it('a confirm-updates link works once', async () => {
    const reader = await askingForUpdates();
    expect(reader.links).toHaveLength(1);
    expect(await optedIn(reader.token)).toBe(false);
    expect((await confirm(reader.links[0] as string)).status).toBe(200);
    expect(await optedIn(reader.token)).toBe(true);
    expect((await confirm(reader.links[0] as string)).status).toBe(400);
  });

  it('an address not yet proven is sent no updates link: 403, and nothing mailed', async () => {
    const user = await createUser();
    const asked = await sendAndReadMail(
      jsonRequest('POST', '/email-updates', undefined, user.token),
    );
    expect(asked.status).toBe(403);
    expect(asked.tokens).toEqual([]);
  });

  it('refuses an expired link, and a link sent to an address the account no longer has', async () => {
    const expired = await askingForUpdates();
    await env.DB.prepare('UPDATE updates_confirmations SET expires_at = ? WHERE email = ?')
      .bind(Date.now() - 1000, expired.email)
      .run();
    expect((await confirm(expired.links[0] as string)).status).toBe(400);
    expect(await optedIn(expired.token)).toBe(false);

    const moved = await askingForUpdates();
    await env.DB.prepare('UPDATE users SET email = ? WHERE username = ?')
      .bind(`${uniqueName('new')}@example.com`, moved.username)
      .run();
    const refused = await confirm(moved.links[0] as string);
    expectStatus(refused, 400);
    expect(refused.body.error).toContain('invalid or has expired');
    expect(await optedIn(moved.token)).toBe(false);
  });

  it('a signed-in person asks again: at most 3 links an hour, then 429 with Retry-After', async () => {
    const user: TestUser = await createUser({ emailVerified: true });
    const statuses: number[] = [];
    let links = 0;
    for (let i = 0; i < 4; i++) {
      const asked = await sendAndReadMail(
        jsonRequest('POST', '/email-updates', undefined, user.token),
      );
      statuses.push(asked.status);
      links += asked.tokens.length;
      if (asked.status === 429) expect(Number(asked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    expect(links).toBe(3);
  });

  it('stopping updates turns them off and voids a link still on its way', async () => {
    const reader = await askingForUpdates();
    const stopped = await readJson(apiClient({ token: reader.token })['email-updates'].$delete());
    expectStatus(stopped, 200);
    expect(stopped.body.user.emailOptIn).toBe(false);
    expect((await confirm(reader.links[0] as string)).status).toBe(400);
    expect(await optedIn(reader.token)).toBe(false);
  });

  it('refuses asking for updates signed out with 401', async () => {
    expect((await readJson(apiClient()['email-updates'].$post())).status).toBe(401);
  });
});
