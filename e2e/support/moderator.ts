import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { createUser, logIn, type TestUser } from './users';

const moderatorFile = fileURLToPath(new URL('../../.wrangler/e2e-moderator.json', import.meta.url));

/**
 * A new user granted the moderator's role the way an operator grants it, with
 * `npm run admin -- grant-moderator`, once before any journey runs (as the owner account is:
 * wrangler writing the server's database while journeys use it finds it locked).
 */
export async function grantModerator(request: APIRequestContext) {
  const user = await createUser(request, { prefix: 'moderator', displayName: 'Mo Derator' });
  execFileSync('npm', ['run', '--silent', 'admin', '--', 'grant-moderator', user.username], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { ...process.env, UP2_STATE_DIR: '.wrangler/e2e' },
    stdio: 'pipe',
  });
  writeFileSync(moderatorFile, JSON.stringify(user));
}

/** The moderator granted before the journeys, in a session of its own. */
export async function moderatorUser(request: APIRequestContext): Promise<TestUser> {
  const user = JSON.parse(readFileSync(moderatorFile, 'utf8')) as TestUser;
  return { ...user, token: await logIn(request, user.username, user.password) };
}
