import {
  createExecutionContext,
  createScheduledController,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { vi } from 'vitest';
import worker from '../index';

const origin = 'http://up2.test';
let sequence = 0;

/** A name no other test uses, so tests never depend on each other or on order. */
export function uniqueName(prefix = 'u'): string {
  sequence += 1;
  return `${prefix}${Date.now().toString(36)}${sequence}${Math.floor(Math.random() * 1e4)}`.slice(
    0,
    20,
  );
}

// Each call gets its own client address, so rate limits only bite in the tests about them.
function randomAddress(): string {
  const octet = () => Math.floor(Math.random() * 250);
  return `10.${octet()}.${octet()}.${octet()}`;
}

type CallOptions = {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  ip?: string;
};

/** Calls the Worker as a client would, through its real fetch handler. */
export async function call(method: string, path: string, options: CallOptions = {}) {
  const headers = new Headers(options.headers);
  headers.set('cf-connecting-ip', options.ip ?? randomAddress());
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || typeof options.body === 'string') {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.body);
  }
  return exports.default.fetch(`${origin}${path}`, { method, headers, body });
}

export async function callJson<T = any>(method: string, path: string, options: CallOptions = {}) {
  const response = await call(method, path, options);
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

export type TestUser = {
  id: number;
  username: string;
  email: string;
  password: string;
  token: string;
};

/** Registers and signs in a new user. */
export async function createUser(overrides: { username?: string; isPublic?: boolean } = {}) {
  const username = overrides.username ?? uniqueName();
  const email = `${username}@example.com`;
  const password = 'up2-test-passphrase';
  const registered = await callJson('POST', '/api/auth/register', {
    body: { username, email, password, displayName: `Name ${username}`, emailOptIn: false },
  });
  if (registered.status !== 201)
    throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const login = await callJson('POST', '/api/auth/login', { body: { username, password } });
  const user: TestUser = {
    id: login.body.user.id,
    username,
    email,
    password,
    token: login.body.token,
  };
  if (overrides.isPublic === false) {
    await call('PUT', '/api/auth/me', { token: user.token, body: { isPublic: false } });
  }
  return user;
}

export function blockPayload(overrides: Record<string, unknown> = {}) {
  return {
    category: 'learning',
    type: 'books-reading',
    emoji: 'BookOpen',
    label: 'Book',
    title: 'The Pragmatic Programmer',
    subtitle: 'Hunt & Thomas',
    description: 'Reading a chapter a week.',
    imageUrl: 'https://example.com/cover.jpg',
    imageAspectRatio: 'tall',
    imagePosition: '50% 40%',
    externalUrl: 'https://example.com/book',
    status: 'now',
    progress: 30,
    progressEnabled: true,
    ...overrides,
  };
}

export async function createBlock(user: TestUser, overrides: Record<string, unknown> = {}) {
  const created = await callJson('POST', '/api/blocks', {
    token: user.token,
    body: blockPayload(overrides),
  });
  if (created.status !== 201)
    throw new Error(`create block failed: ${JSON.stringify(created.body)}`);
  return created.body.block as { id: number; title: string } & Record<string, unknown>;
}

/**
 * A new user holding the owner account's rights, granted as `npm run admin -- grant` grants them:
 * in the database, never by registering a name.
 */
export async function adminUser(): Promise<TestUser> {
  const user = await createUser();
  await env.DB.prepare('UPDATE users SET is_admin = 1 WHERE id = ?').bind(user.id).run();
  return user;
}

/**
 * Calls the Worker's fetch handler itself and waits for the work the request left running
 * (`waitUntil`: views, cache writes, mail). The body is read first and comes back whole.
 * `workerEnv` is for a test that stands in a binding or spies on one.
 */
export async function fetchSettled(request: Request, workerEnv: Env = env): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, workerEnv, ctx);
  const body = await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  // A 304 or 204 may not carry even an empty body.
  return new Response(body.byteLength > 0 ? body : null, response);
}

/**
 * `env` with a stand-in ASSETS that answers `shell` (the built app shell: dist/ may not be
 * built, and these tests are about the Worker), and the URLs it has been asked for.
 */
export function withAppShell(shell: string) {
  const assets = vi.fn(
    async (_input: RequestInfo | URL) =>
      new Response(shell, {
        headers: { 'content-type': 'text/html; charset=utf-8', etag: '"shell-etag"' },
      }),
  );
  return {
    env: { ...env, ASSETS: { fetch: assets } } as unknown as Env,
    asked: () => assets.mock.calls.map(([input]) => String(input)),
  };
}

/** Runs the scheduled jobs now, as the minute's cron would: views are flushed and rolled up. */
export async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController(), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** A board's total and last-7-days views, as its owner's stats show them. */
export async function viewsOf(owner: Pick<TestUser, 'token'>) {
  const { body } = await callJson('GET', '/api/analytics/me', { token: owner.token });
  return { totalViews: body.totalViews as number, weeklyViews: body.weeklyViews as number };
}
