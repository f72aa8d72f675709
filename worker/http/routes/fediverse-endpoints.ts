import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { handleNotFound } from '../middleware/errors';

/**
 * Whether a request asks for ActivityPub JSON: `application/activity+json`, or JSON-LD with the
 * ActivityStreams profile (as ActivityPub servers ask), rather than a page.
 */
export function asksForActivityJson(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [type, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (type === 'application/activity+json') return true;
    return (
      type === 'application/ld+json' &&
      parameters.some((parameter) => parameter.includes('https://www.w3.org/ns/activitystreams'))
    );
  });
}

/**
 * Hands a request to Fedify; whatever it does not serve is not found. Fedify (a few MB of code) is
 * loaded by the first such request, so an isolate serving board pages never evaluates it.
 */
export async function answerFromFediverse(c: Context<AppEnv>, request: Request = c.req.raw) {
  const { fediverse, fediverseData } = await import('../../domain/fediverse/federation');
  return fediverse(c.env).fetch(request, {
    contextData: fediverseData(c.env, c.var.db),
    onNotFound: () => handleNotFound(c),
    onNotAcceptable: () => handleNotFound(c),
  });
}

/**
 * The fediverse's own addresses, answered by Fedify: WebFinger (`acct:name@host` and a board's
 * address), NodeInfo, and each board actor's inbox, outbox and followers and the shared inbox.
 * The actor itself is the board's address (worker/http/routes/board-page.ts).
 */
export const fediverseEndpoints = new Hono<AppEnv>()
  .get('/.well-known/webfinger', (c) => answerFromFediverse(c))
  .get('/.well-known/nodeinfo', (c) => answerFromFediverse(c))
  .all('/fediverse/*', (c) => answerFromFediverse(c));
