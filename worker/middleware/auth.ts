import { createMiddleware } from 'hono/factory';
import { getDb } from '../services/db';
import { readSession } from '../services/tokens';
import { findUserById, isAdmin } from '../services/users';
import type { AppEnv, UserRow } from '../types';
import { ApiError } from './errors';

const sessionExpired = 'Your session has expired. Please sign in again.';

function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/** The signed-in user, or null for no token, a bad token, or a token revoked by a password reset. */
async function resolveViewer(env: Env, token: string | null): Promise<UserRow | null> {
  if (!token) return null;
  const session = await readSession(env, token);
  if (!session) return null;
  const user = await findUserById(getDb(env), session.userId);
  return user && user.tokenVersion === session.tokenVersion ? user : null;
}

/** Sets `viewer` when a valid token is sent; anonymous otherwise. */
export const optionalAuth = createMiddleware<AppEnv>(async (c, next) => {
  c.set('viewer', await resolveViewer(c.env, bearerToken(c.req.header('authorization'))));
  await next();
});

export const requireAuth = createMiddleware<AppEnv & { Variables: { viewer: UserRow } }>(
  async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    const viewer = await resolveViewer(c.env, token);
    if (!viewer) throw new ApiError(401, token ? sessionExpired : 'Please sign in first.');
    c.set('viewer', viewer);
    await next();
  },
);

/** The single owner account (ADMIN_USERNAME) that manages feedback. */
export const requireAdmin = createMiddleware<AppEnv & { Variables: { viewer: UserRow } }>(
  async (c, next) => {
    if (!isAdmin(c.var.viewer, c.env)) {
      throw new ApiError(403, "You don't have permission to access this page");
    }
    await next();
  },
);
