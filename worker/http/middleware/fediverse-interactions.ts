import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';

/**
 * A signed activity the board will not take is refused before it is queued (a blocked account or
 * server 403, a reply too long 413, a server past its hourly allowance 429), so its server knows.
 * Its rules load by the fediverse's first activity, as Fedify does: not part of the start-up.
 */
export const screenInteraction = createMiddleware<AppEnv>(async (c, next) => {
  const { screenInboxActivity } = await import('../../domain/fediverse/inbox-screen');
  await screenInboxActivity(c.var.db, c.env, {
    text: await c.req.raw.clone().text(),
    origin: new URL(c.req.url).origin,
    inboxOf: c.req.param('identifier'),
  });
  await next();
});
