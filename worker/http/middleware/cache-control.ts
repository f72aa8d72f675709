import { createMiddleware } from 'hono/factory';

const personalPaths = /^\/api\/(auth|account|email-updates)(\/|$)/;

/**
 * Answers about a person are theirs alone: a request that carries a session, or asks about an
 * account, is answered with `no-store`, so no browser, proxy or edge cache keeps it.
 */
export const noStoreForPersonalAnswers = createMiddleware(async (c, next) => {
  await next();
  if (c.req.header('authorization') || personalPaths.test(c.req.path)) {
    c.header('Cache-Control', 'no-store');
  }
});
