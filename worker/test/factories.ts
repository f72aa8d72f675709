import {
  createExecutionContext,
  createScheduledController,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import {
  type ApplyGlobalResponse,
  type ClientResponse,
  hc,
  type InferRequestType,
} from 'hono/client';
import type { ResponseFormat } from 'hono/types';
import { expect, vi } from 'vitest';
import type { z } from 'zod';
import type { errorAnswer } from '../../schema/errors';
import type { ReportActionKind } from '../../schema/moderation-values';
import type { AppType } from '../http/app';
import worker from '../index';
import { discoverRollupCron } from '../jobs/scheduled';

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

/** The API's one refusal shape, which any route may answer with (the one `onError`). */
type Refusal = z.output<typeof errorAnswer>;
type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 501 | 502 | 503;

/** The API as the web app sees it, plus the refusals every route may answer through `onError`. */
type TestedApi = ApplyGlobalResponse<AppType, { [S in RefusalStatus]: { json: Refusal } }>;

type ClientOptions = {
  token?: string;
  /** The caller's address; each request gets a random one unless a test is about addresses. */
  ip?: string;
  headers?: Record<string, string>;
  /**
   * Waits for the work each request leaves running (views, mail) through `fetchSettled`, with
   * this `env` when a test stands in or spies on a binding.
   */
  settled?: boolean | Env;
  /** The address the Worker is called at, when a test serves it somewhere (fediverse tests). */
  origin?: string;
};

/** Sends a request through the Worker's real fetch handler, as a client on `ip` would. */
function workerFetch({ token, ip, headers: extra, settled }: ClientOptions) {
  return (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
    if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', ip ?? randomAddress());
    if (token) headers.set('authorization', `Bearer ${token}`);
    const request = new Request(input instanceof Request ? input : String(input), {
      ...init,
      headers,
    });
    if (settled) return fetchSettled(request, settled === true ? env : settled);
    return exports.default.fetch(request);
  };
}

/** The typed `hc` client over the Worker's API, signed in when given a token. */
export function apiClient(options: ClientOptions = {}) {
  return hc<TestedApi>(`${options.origin ?? origin}/api`, { fetch: workerFetch(options) });
}

export type ApiClient = ReturnType<typeof apiClient>;

type JsonAnswer<R> =
  R extends ClientResponse<infer Body, infer Status, infer Format>
    ? { status: Status; headers: Headers; body: Format extends 'json' ? Body : unknown }
    : never;

/** A typed call's status, headers and JSON body, one variant per status the route can answer. */
export async function readJson<R extends ClientResponse<unknown, number, ResponseFormat>>(
  request: Promise<R>,
): Promise<JsonAnswer<R>> {
  const response = await request;
  const body: unknown = await response.json();
  return { status: response.status, headers: response.headers, body } as JsonAnswer<R>;
}

/** Asserts an answer's status, and narrows its body to what the route sends with that status. */
export function expectStatus<A extends { status: number; body: unknown }, S extends A['status']>(
  answer: A,
  status: S,
  message = JSON.stringify(answer.body),
): asserts answer is Extract<A, { status: S }> {
  expect(answer.status, message).toBe(status);
}

/**
 * A body outside the route's contract (a wrong type, a missing or unknown field), sent on purpose
 * to prove how the route answers it: the typed client would not let a test write it otherwise.
 */
export function offContract<T>(body: unknown): T {
  return body as T;
}

type CallOptions = ClientOptions & {
  /** Sent as it is when a string or a form; as JSON otherwise. */
  body?: unknown;
};

/**
 * Calls the Worker with a raw method and path, for what the typed client cannot send: malformed
 * or oversized bodies, wrong content types, and the pages outside `/api`.
 */
export async function call(method: string, path: string, options: CallOptions = {}) {
  const headers = new Headers(options.headers);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || typeof options.body === 'string') {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.body);
  }
  return workerFetch(options)(`${origin}${path}`, { method, headers, body });
}

export async function callJson<T = unknown>(
  method: string,
  path: string,
  options: CallOptions = {},
) {
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

type NewUser = {
  username?: string;
  isPublic?: boolean;
  /**
   * A proven address, as following the mailed link leaves it (email-verification.test.ts follows
   * the link itself): for tests of mail that goes to proven addresses only.
   */
  emailVerified?: boolean;
  /**
   * An established account (on Discover and trending, its links followed), as most tests' boards
   * need; false for a new account as it registers, for the tests of that rule.
   */
  established?: boolean;
};

/** Registers and signs in a new user. */
export async function createUser(overrides: NewUser = {}) {
  const username = overrides.username ?? uniqueName();
  const email = `${username}@example.com`;
  const password = 'up2-test-passphrase';
  const api = apiClient();
  const registered = await readJson(
    api.auth.register.$post({
      json: { username, email, password, displayName: `Name ${username}`, emailOptIn: false },
    }),
  );
  if (registered.status !== 201)
    throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const login = await readJson(api.auth.login.$post({ json: { username, password } }));
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  const user: TestUser = {
    id: login.body.user.id,
    username,
    email,
    password,
    token: login.body.token,
  };
  if (overrides.emailVerified) {
    await env.DB.prepare('UPDATE users SET email_verified = 1 WHERE id = ?').bind(user.id).run();
  }
  if (overrides.established !== false) {
    await env.DB.prepare('UPDATE users SET established_at = created_at WHERE id = ?')
      .bind(user.id)
      .run();
  }
  if (overrides.isPublic === false) {
    await apiClient({ token: user.token }).auth.me.$put({ json: { isPublic: false } });
  }
  return user;
}

/** A block picture already in our store: saving it fetches nothing (another site's would be copied). */
export const storedCoverImage = '/api/images/blocks/1/00000000-0000-4000-8000-000000000001.jpg';

type BlockPayload = InferRequestType<ApiClient['blocks']['$post']>['json'];

let payloadsMade = 0;

/**
 * A whole block as the dialog sends it. Its default title is a book of its own each time: a board
 * refuses a second block of a work it holds (decision 0050).
 */
export function blockPayload(overrides: Partial<BlockPayload> = {}) {
  payloadsMade += 1;
  return {
    category: 'learning',
    type: 'books-reading',
    emoji: 'BookOpen',
    label: 'Book',
    title: `The Pragmatic Programmer, volume ${payloadsMade}`,
    subtitle: 'Hunt & Thomas',
    description: 'Reading a chapter a week.',
    imageUrl: storedCoverImage,
    imageAspectRatio: 'tall',
    imagePosition: '50% 40%',
    externalUrl: 'https://example.com/book',
    status: 'now',
    progress: 30,
    progressEnabled: true,
    ...overrides,
  } satisfies BlockPayload;
}

/** Moves a block by its status alone (`PUT /api/blocks/:id` with `{ status }`), as its owner or not. */
export function moveBlockTo(user: TestUser, id: number, status: 'now' | 'planned' | 'done') {
  return readJson(
    apiClient({ token: user.token }).blocks[':id'].$put({
      param: { id: String(id) },
      json: { status },
    }),
  );
}

/** Saves a whole block (`PUT /api/blocks/:id`, as the dialog sends it), as its owner or not. */
export function editBlock(user: TestUser, id: number, overrides: Partial<BlockPayload> = {}) {
  return readJson(
    apiClient({ token: user.token }).blocks[':id'].$put({
      param: { id: String(id) },
      json: blockPayload(overrides),
    }),
  );
}

export function deleteBlock(user: TestUser, id: number) {
  return readJson(
    apiClient({ token: user.token }).blocks[':id'].$delete({ param: { id: String(id) } }),
  );
}

type ProfileChange = InferRequestType<ApiClient['auth']['me']['$put']>['json'];

/** Changes a user's profile or privacy (`PUT /api/auth/me`). */
export function updateProfile(user: TestUser, change: ProfileChange) {
  return readJson(apiClient({ token: user.token }).auth.me.$put({ json: change }));
}

export async function createBlock(user: TestUser, overrides: Partial<BlockPayload> = {}) {
  const created = await readJson(
    apiClient({ token: user.token }).blocks.$post({ json: blockPayload(overrides) }),
  );
  if (created.status !== 201)
    throw new Error(`create block failed: ${JSON.stringify(created.body)}`);
  return created.body.block;
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

/** A new moderator, granted as `npm run admin -- grant-moderator` grants it: in the database. */
export async function moderatorUser(): Promise<TestUser> {
  const user = await createUser();
  await env.DB.prepare('UPDATE users SET is_moderator = 1 WHERE id = ?').bind(user.id).run();
  return user;
}

/** A signed-out visitor's report of the board (or of one of its blocks); answers the report's id. */
export async function reportBoard(username: string, blockId?: number) {
  const answer = await apiClient().reports.$post({
    json: { username, blockId, reason: 'spam', comment: 'Selling pills' },
  });
  expect(answer.status).toBe(201);
  const row = await env.DB.prepare(
    'SELECT id FROM reports WHERE board_id = (SELECT id FROM users WHERE username = ?) ORDER BY id DESC',
  )
    .bind(username)
    .first<{ id: number }>();
  return row?.id ?? 0;
}

/** The moderator's action on one report, with its required note. */
export function actOnReport(
  moderator: TestUser,
  reportId: number,
  action: ReportActionKind,
  note = `Because ${action}`,
) {
  return readJson(
    apiClient({ token: moderator.token }).admin.reports[':id'].actions.$post({
      param: { id: String(reportId) },
      json: { action, note },
    }),
  );
}

/** The owner's notifications, newest first. */
export async function notificationsOf(user: TestUser) {
  const answer = await readJson(apiClient({ token: user.token }).notifications.$get());
  expectStatus(answer, 200);
  return answer.body.notifications;
}

/** How many blocks the owner's board holds, all tabs together (their list carries a page of each). */
export async function ownBlockCount(user: Pick<TestUser, 'token'>) {
  const answer = await readJson(apiClient({ token: user.token }).blocks.me.$get());
  expectStatus(answer, 200);
  const { now, planned, done } = answer.body.tabs;
  return now.total + planned.total + done.total;
}

/** The titles of the board's blocks as a signed-out visitor is answered. */
export async function publicBlockTitles(username: string) {
  const board = await readJson(
    apiClient().boards[':username'].$get({ query: {}, param: { username } }),
  );
  expectStatus(board, 200);
  return board.body.blocks.map((block) => block.title);
}

/** The usernames Discover's search answers for `q`, in its order. */
export async function discoverNames(q: string) {
  const answer = await readJson(apiClient().discover.$get({ query: { q } }));
  expectStatus(answer, 200);
  return answer.body.boards.map((entry) => entry.user.username);
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

/** Runs the scheduled jobs now, as the minute's cron would: views are flushed to D1. */
export async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController(), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** Runs Discover's rollup now, as its 10-minute cron would: trending blocks and board counts. */
export async function runDiscoverRollup() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: discoverRollupCron }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** A board's total and last-7-days views, as its owner's stats show them. */
export async function viewsOf(owner: Pick<TestUser, 'token'>) {
  const stats = await readJson(apiClient({ token: owner.token }).analytics.me.$get());
  expectStatus(stats, 200);
  return { totalViews: stats.body.totalViews, weeklyViews: stats.body.weeklyViews };
}

/** A block as `seedBlocks` writes it: a title, a tab, visible unless said. */
export type SeededBlock = {
  title: string;
  status: 'now' | 'planned' | 'done';
  isVisible?: boolean;
};

/**
 * Adds `rows` after the board's last block, in order, straight into D1 in one statement: for
 * boards of hundreds or thousands of blocks. It records no change, so the board's cached answers
 * do not move: seed a board before anyone reads it.
 */
export async function seedBlocks(user: Pick<TestUser, 'id'>, rows: SeededBlock[]) {
  const seeded = rows.map(({ title, status, isVisible = true }) => ({
    title,
    status,
    visible: isVisible ? 1 : 0,
  }));
  // As the bulk writers do (domain/blocks/bulk.ts): Discover's titles are indexed once at the end.
  await env.DB.batch([
    env.DB.prepare('INSERT INTO board_bulk_writes (user_id) VALUES (?1)').bind(user.id),
    env.DB.prepare(
      `INSERT INTO blocks (user_id, position, category, type, title, status, is_visible, status_since)
      SELECT ?1, (SELECT COALESCE(MAX(position), 0) FROM blocks WHERE user_id = ?1) + e.key + 1,
        'learning', 'books-reading', json_extract(e.value, '$.title'),
        json_extract(e.value, '$.status'), json_extract(e.value, '$.visible'), 0
      FROM json_each(?2) AS e`,
    ).bind(user.id, JSON.stringify(seeded)),
    env.DB.prepare('DELETE FROM board_bulk_writes WHERE user_id = ?1').bind(user.id),
  ]);
}
