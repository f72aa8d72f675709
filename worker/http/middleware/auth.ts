import { createMiddleware } from 'hono/factory';
import { resolveSession, type SignedIn } from '../../domain/account/sessions';
import type { UserRow } from '../../domain/account/users';
import type { Db } from '../../platform/db';
import type { AppEnv } from '../app-env';
import { ApiError } from './errors';

const sessionExpired = 'Your session has expired. Please sign in again.';

function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

function signedIn(db: Db, env: Env, token: string | null): Promise<SignedIn | null> {
  return token ? resolveSession(db, env, token) : Promise.resolve(null);
}

/** Sets `viewer` when a token of a live session is sent; anonymous otherwise. */
export const optionalAuth = createMiddleware<AppEnv>(async (c, next) => {
  const session = await signedIn(c.var.db, c.env, bearerToken(c.req.header('authorization')));
  c.set('viewer', session?.user ?? null);
  await next();
});

export type SignedInEnv = AppEnv & { Variables: { viewer: UserRow; sessionId: string } };

export const requireAuth = createMiddleware<SignedInEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('authorization'));
  const session = await signedIn(c.var.db, c.env, token);
  if (!session) throw new ApiError(401, token ? sessionExpired : 'Please sign in first.');
  c.set('viewer', session.user);
  c.set('sessionId', session.sessionId);
  await next();
});

/** The owner account that manages feedback: granted by `npm run admin -- grant <username>`. */
export const requireAdmin = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!c.var.viewer.isAdmin) {
    throw new ApiError(403, "You don't have permission to access this page");
  }
  await next();
});
