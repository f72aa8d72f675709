import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { addressKey, clientAddressOf } from '../../platform/client-address';
import type { AppEnv } from '../app-env';
import { ApiError } from './errors';

type LimiterName =
  | 'AUTH_LIMITER'
  | 'CLICK_LIMITER'
  | 'FEEDBACK_LIMITER'
  | 'IMAGE_LIMITER'
  | 'PASSKEY_LIMITER'
  | 'REPORT_LIMITER'
  | 'UNFURL_LIMITER';

// The period each limiter is configured with in wrangler.toml: the longest a caller must wait.
const retryAfterSeconds = 60;

function clientAddress(c: Context): string {
  return addressKey(clientAddressOf(c.req.raw));
}

/**
 * Refuses with 429 once the caller identified by `key` used up its allowance
 * (Workers Rate Limiting binding; approximate and per location, which is what abuse control needs).
 */
export function rateLimit(
  limiter: LimiterName,
  scope: string,
  key: (c: Context<AppEnv>) => string = clientAddress,
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { success } = await c.env[limiter].limit({ key: `${scope}:${key(c)}` });
    if (!success) {
      throw new ApiError(429, 'Too many attempts. Please wait a minute and try again.', undefined, {
        'Retry-After': String(retryAfterSeconds),
      });
    }
    await next();
  });
}
