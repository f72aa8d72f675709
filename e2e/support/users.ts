import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

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

/** Registers a user through the API and signs them in; returns the account and its token. */
export async function createUser(
  request: APIRequestContext,
  { prefix = 'user', displayName }: { prefix?: string; displayName?: string } = {},
): Promise<TestUser> {
  const username = uniqueUsername(prefix);
  const user = {
    username,
    displayName: displayName ?? `Tester ${username}`,
    email: `${username}@example.com`,
    password: 'secret123',
  };
  const response = await request.post('/api/auth/register', {
    data: { ...user, emailOptIn: false },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { ...user, token: await logIn(request, username, user.password) };
}

const admin = { username: 'admin', email: 'admin@example.com', password: 'admin-e2e-password' };

/**
 * The owner account (ADMIN_USERNAME). The state folder is fresh each run, so the first
 * journey that needs it registers it; any later (or concurrent) one finds it taken and signs in.
 */
export async function adminUser(request: APIRequestContext): Promise<TestUser> {
  const response = await request.post('/api/auth/register', {
    data: { ...admin, displayName: 'Up2 Admin', emailOptIn: false },
  });
  expect([201, 409], await response.text()).toContain(response.status());
  return {
    ...admin,
    displayName: 'Up2 Admin',
    token: await logIn(request, admin.username, admin.password),
  };
}

/**
 * Signs the page in by storing the token before the app starts. Only on the tab's first load,
 * so signing out (or a 401) later in the journey is not undone by the next navigation.
 */
export async function signInWithToken(page: Page, user: Pick<TestUser, 'token'>) {
  await page.addInitScript((token) => {
    if (sessionStorage.getItem('e2e-token-stored')) return;
    sessionStorage.setItem('e2e-token-stored', '1');
    localStorage.setItem('auth_token', token);
  }, user.token);
}
