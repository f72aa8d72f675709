import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { TokenScope } from '../../../schema/access-tokens';
import {
  isAccessToken,
  noteAccessTokenUse,
  resolveAccessToken,
} from '../../domain/account/access-tokens';
import { resolveSession, type SignedIn } from '../../domain/account/sessions';
import type { UserRow } from '../../domain/account/users';
import { type Db, getDb } from '../../platform/db';
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

const tokenNotAccepted =
  'Personal access tokens work only on block and board routes. Sign in to Up2 to do this.';

/** Deny by default: a route takes a personal access token only through `...OrToken` below. */
function refuseAccessToken(token: string | null) {
  if (token && isAccessToken(token)) throw new ApiError(403, tokenNotAccepted);
}

/** Sets `viewer` when a token of a live session is sent; anonymous otherwise. */
export const optionalAuth = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('authorization'));
  refuseAccessToken(token);
  const session = await signedIn(c.var.db, c.env, token);
  c.set('viewer', session?.user ?? null);
  await next();
});

export type SignedInEnv = AppEnv & { Variables: { viewer: UserRow; sessionId: string } };

export const requireAuth = createMiddleware<SignedInEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('authorization'));
  refuseAccessToken(token);
  const session = await signedIn(c.var.db, c.env, token);
  if (!session) throw new ApiError(401, token ? sessionExpired : 'Please sign in first.');
  c.set('viewer', session.user);
  c.set('sessionId', session.sessionId);
  await next();
});

// The token limiter's period (wrangler.toml): the longest a script must wait.
const tokenRetryAfterSeconds = 60;

/**
 * The account a personal access token acts for, if `scope` is among its scopes; refused otherwise
 * (401 revoked or unknown, 403 without the scope, 429 past its allowance). Looked up on the primary
 * on every call, so a revoked token stops at once; its last use is noted after the answer, at most
 * once a minute.
 */
async function tokenHolder(
  c: Pick<Context<AppEnv>, 'env' | 'executionCtx'>,
  token: string,
  scope: TokenScope,
) {
  const db = getDb(c.env);
  const holder = await resolveAccessToken(db, token);
  if (!holder) {
    throw new ApiError(401, 'This token has been revoked or does not exist. Create a new one.');
  }
  if (!holder.scopes.includes(scope)) {
    throw new ApiError(
      403,
      `This token lacks the "${scope}" scope. Create a token with it in Account Settings.`,
    );
  }
  const { success } = await c.env.TOKEN_LIMITER.limit({ key: `token:${holder.tokenId}` });
  if (!success) {
    throw new ApiError(
      429,
      'Too many requests with this token. Please wait a minute and try again.',
      undefined,
      { 'Retry-After': String(tokenRetryAfterSeconds) },
    );
  }
  c.executionCtx.waitUntil(noteAccessTokenUse(db, holder));
  return holder.user;
}

export type ViewerEnv = AppEnv & { Variables: { viewer: UserRow } };

/** `requireAuth` for a route that also takes a personal access token with `scope`. */
export function requireAuthOrToken(scope: TokenScope) {
  return createMiddleware<ViewerEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (token && isAccessToken(token)) {
      c.set('viewer', await tokenHolder(c, token, scope));
    } else {
      const session = await signedIn(c.var.db, c.env, token);
      if (!session) throw new ApiError(401, token ? sessionExpired : 'Please sign in first.');
      c.set('viewer', session.user);
    }
    await next();
  });
}

/** `optionalAuth` for a route that also takes a personal access token with `scope`. */
export function optionalAuthOrToken(scope: TokenScope) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (token && isAccessToken(token)) {
      c.set('viewer', await tokenHolder(c, token, scope));
    } else {
      const session = await signedIn(c.var.db, c.env, token);
      c.set('viewer', session?.user ?? null);
    }
    await next();
  });
}

/** The owner account that manages feedback: granted by `npm run admin -- grant <username>`. */
export const requireAdmin = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!c.var.viewer.isAdmin) {
    throw new ApiError(403, "You don't have permission to access this page");
  }
  await next();
});

/** An account that acts on reports: granted by `npm run admin -- grant-moderator <username>`. */
export const requireModerator = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!c.var.viewer.isModerator) {
    throw new ApiError(403, 'Only moderators can see reports and act on them.');
  }
  await next();
});
