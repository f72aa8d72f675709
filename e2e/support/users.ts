import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { waitForMailedLink } from './mail';

export type TestUser = {
  username: string;
  displayName: string;
  email: string;
  password: string;
  token: string;
};

let counter = 0;

/** a-z0-9 only, at most 20 characters, different in every worker and every run. */
export function uniqueUsername(prefix: string): string {
  counter += 1;
  const stamp = Date.now().toString(36).slice(-5);
  const random = Math.random().toString(36).slice(2, 6);
  return `${prefix.slice(0, 7)}${stamp}${random}${counter.toString(36)}`.slice(0, 20);
}

export async function logIn(request: APIRequestContext, username: string, password: string) {
  const response = await request.post('/api/auth/login', { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { token: string };
  return body.token;
}

type NewUser = {
  prefix?: string;
  displayName?: string;
  /** Proves the address through the link mailed at registration, for journeys that mail it. */
  emailVerified?: boolean;
  /** Proven and established, as a new account becomes once the hold is over (none in journeys). */
  listed?: boolean;
};

/** Registers a user through the API and signs them in; returns the account and its token. */
export async function createUser(
  request: APIRequestContext,
  { prefix = 'user', displayName, emailVerified = false, listed = false }: NewUser = {},
): Promise<TestUser> {
  const username = uniqueUsername(prefix);
  const user = {
    username,
    displayName: displayName ?? `Tester ${username}`,
    email: `${username}@example.com`,
    password: 'up2-test-passphrase',
  };
  const response = await request.post('/api/auth/register', {
    data: { ...user, emailOptIn: false },
  });
  expect(response.status(), await response.text()).toBe(201);
  if (emailVerified || listed) {
    const link = new URL(await waitForMailedLink(user.email, '/verify-email'));
    const verified = await request.post('/api/email-verification/confirm', {
      data: { token: link.searchParams.get('token') },
    });
    expect(verified.status(), await verified.text()).toBe(200);
  }
  if (listed) {
    // Discover's rollup establishes proven accounts past the hold.
    expect((await request.get('/cdn-cgi/handler/scheduled?cron=*/10+*+*+*+*')).ok()).toBe(true);
  }
  return { ...user, token: await logIn(request, username, user.password) };
}

/** The account `owner-account.setup.ts` grants the owner account's rights, for journeys to sign in as. */
const ownerAccountFile = fileURLToPath(new URL('../../.wrangler/e2e-owner.json', import.meta.url));

/**
 * A new user granted the owner account's rights the way an operator grants them: with
 * `npm run admin -- grant`, on the state folder the journeys' server runs on. Done once, before
 * any journey runs: wrangler writing the server's SQLite file while journeys use it found it locked
 * (SQLITE_BUSY), and the server then answered another journey's request with 503.
 */
export function grantOwnerAccount(request: APIRequestContext) {
  return grantRole(request, ['grant'], { prefix: 'owner' }, ownerAccountFile);
}

/**
 * A new user granted a role by `npm run admin -- <command> <username>` on the journeys' state
 * folder, kept in `file` for the journeys to sign in as (`grantedUser`).
 */
export async function grantRole(
  request: APIRequestContext,
  command: string[],
  options: Parameters<typeof createUser>[1],
  file: string,
) {
  const user = await createUser(request, options);
  execFileSync('npm', ['run', '--silent', 'admin', '--', ...command, user.username], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { ...process.env, UP2_STATE_DIR: '.wrangler/e2e' },
    stdio: 'pipe',
  });
  writeFileSync(file, JSON.stringify(user));
}

/** The user `grantRole` kept in `file`, in a session of its own. */
export async function grantedUser(request: APIRequestContext, file: string): Promise<TestUser> {
  const user = JSON.parse(readFileSync(file, 'utf8')) as TestUser;
  return { ...user, token: await logIn(request, user.username, user.password) };
}

/** The account holding the owner account's rights, in a session of its own. */
export function adminUser(request: APIRequestContext): Promise<TestUser> {
  return grantedUser(request, ownerAccountFile);
}

/**
 * Signs the page in by storing the session before the app starts. Only on the tab's first load,
 * so signing out (or a 401) later in the journey is not undone by the next navigation.
 */
export async function signInWithToken(page: Page, user: Pick<TestUser, 'token' | 'username'>) {
  await page.addInitScript(
    ({ token, username }) => {
      if (sessionStorage.getItem('e2e-token-stored')) return;
      sessionStorage.setItem('e2e-token-stored', '1');
      // As signing in leaves them: the token, and whose it is.
      localStorage.setItem('auth_token', token);
      localStorage.setItem('auth_username', username);
    },
    { token: user.token, username: user.username },
  );
}
