import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { grantedUser, grantRole, type TestUser } from './users';

const moderatorFile = fileURLToPath(new URL('../../.wrangler/e2e-moderator.json', import.meta.url));

/**
 * A new user granted the moderator's role the way an operator grants it, with
 * `npm run admin -- grant-moderator`, once before any journey runs (as the owner account is:
 * wrangler writing the server's database while journeys use it finds it locked).
 */
export function grantModerator(request: APIRequestContext) {
  const options = { prefix: 'moderator', displayName: 'Mo Derator' };
  return grantRole(request, ['grant-moderator'], options, moderatorFile);
}

/** The moderator granted before the journeys, in a session of its own. */
export function moderatorUser(request: APIRequestContext): Promise<TestUser> {
  return grantedUser(request, moderatorFile);
}
