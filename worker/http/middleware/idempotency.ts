import { createMiddleware } from 'hono/factory';
import {
  claimIdempotencyKey,
  keepIdempotentAnswer,
  releaseIdempotencyKey,
} from '../../domain/account/idempotency-keys';
import type { AppEnv } from '../app-env';
import { ApiError } from './errors';

const validKey = /^[\x21-\x7e]{1,255}$/;

/**
 * `Idempotency-Key` on a creating route (after its auth): the same key from the same person
 * within 24 hours answers the first request's answer again, and creates nothing. Only a success
 * is kept; after a refusal or a failure the key is free to try again.
 */
export const idempotent = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return next();
  if (!validKey.test(key)) {
    throw new ApiError(
      400,
      'Idempotency-Key must be 1 to 255 visible ASCII characters, like a UUID.',
    );
  }
  const { db, viewer } = c.var;
  if (!viewer) return next();
  const route = `${c.req.method} ${new URL(c.req.url).pathname}`;
  const kept = await claimIdempotencyKey(db, viewer.id, key, route);
  if (kept) {
    const headers: Record<string, string> = { 'idempotent-replayed': 'true' };
    if (kept.contentType) headers['content-type'] = kept.contentType;
    return c.body(kept.body, kept.status as 200, headers);
  }
  try {
    await next();
  } finally {
    if (c.res.ok && !c.error) {
      await keepIdempotentAnswer(db, viewer.id, key, {
        status: c.res.status,
        contentType: c.res.headers.get('content-type'),
        body: await c.res.clone().text(),
      });
    } else {
      await releaseIdempotencyKey(db, viewer.id, key);
    }
  }
});
