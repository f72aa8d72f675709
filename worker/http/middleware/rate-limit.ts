import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import ipaddr from 'ipaddr.js';
import type { AppEnv } from '../app-env';
import { ApiError } from './errors';

type LimiterName =
  | 'AUTH_LIMITER'
  | 'CLICK_LIMITER'
  | 'FEEDBACK_LIMITER'
  | 'IMAGE_LIMITER'
  | 'PASSKEY_LIMITER'
  | 'UNFURL_LIMITER';

// The period each limiter is configured with in wrangler.toml: the longest a caller must wait.
const retryAfterSeconds = 60;

/**
 * Who is asking, as far as limits per address go: the IPv4 address, or the /64 of an IPv6 one
 * (one household or phone is handed a whole /64, and changes addresses inside it at will).
 */
export function addressKey(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${prefix.map((part) => part.toString(16)).join(':')}::/64`;
}

function clientAddress(c: Context): string {
  return addressKey(c.req.header('cf-connecting-ip'));
}

/** One visitor, as analytics count them: an address and a browser. */
export function visitorKey(c: Context): string {
  return `${clientAddress(c)}|${(c.req.header('user-agent') ?? '').slice(0, 120)}`;
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
