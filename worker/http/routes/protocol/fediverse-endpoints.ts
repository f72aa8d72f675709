import type { Context } from 'hono';
import { Hono } from 'hono';
import { whyBoardIsGone } from '../../../domain/account/users';
import { usernameFromBoardPath } from '../../../render/board-meta';
import type { AppEnv } from '../../app-env';
import { changesNoBoard } from '../../middleware/board-changes';
import { handleNotFound } from '../../middleware/errors';
import { requireSignedActivity } from '../../middleware/fediverse-inbox';
import { screenInteraction } from '../../middleware/fediverse-interactions';
import { limitJsonBodySize } from '../../middleware/request-body';

type Preference = { q: number; order: number };

const noPreference: Preference = { q: 0, order: Number.POSITIVE_INFINITY };
const better = (a: Preference, b: Preference) => a.q > b.q || (a.q === b.q && a.order < b.order);

function isActivityJson(type: string, parameters: string[]): boolean {
  if (type === 'application/activity+json') return true;
  return (
    type === 'application/ld+json' &&
    parameters.some((parameter) => parameter.includes('https://www.w3.org/ns/activitystreams'))
  );
}

const pageTypes = new Set(['text/html', 'application/xhtml+xml', 'text/*', '*/*']);

/**
 * Whether a request prefers ActivityPub JSON (`application/activity+json`, or JSON-LD with the
 * ActivityStreams profile) to the page: the higher q-value wins, and on a tie the type listed
 * first. `text/html, application/activity+json` is a page; `application/activity+json` alone, or
 * `text/html;q=0.5, application/activity+json`, is the actor.
 */
export function asksForActivityJson(accept: string | undefined): boolean {
  if (!accept) return false;
  let json = noPreference;
  let page = noPreference;
  accept.split(',').forEach((part, order) => {
    const [type = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const qParameter = parameters.find((parameter) => /^q\s*=/.test(parameter));
    const q = qParameter ? Number(qParameter.split('=')[1]) : 1;
    if (!(q > 0)) return;
    const preference = { q, order };
    if (isActivityJson(type, parameters)) {
      if (better(preference, json)) json = preference;
    } else if (pageTypes.has(type) && better(preference, page)) page = preference;
  });
  return json.q > 0 && better(json, page);
}

/**
 * The board a request to Fedify is about, if it names one: its actor, inbox or collections, or
 * WebFinger's resource.
 */
function boardNamedBy(request: Request): string | undefined {
  const url = new URL(request.url);
  if (url.pathname === '/.well-known/webfinger') {
    const resource = url.searchParams.get('resource') ?? '';
    if (resource.startsWith('acct:')) return resource.slice('acct:'.length).split('@')[0];
    return URL.canParse(resource) ? usernameFromBoardPath(new URL(resource).pathname) : undefined;
  }
  return (
    usernameFromBoardPath(url.pathname) ?? /^\/fediverse\/users\/([^/]+)\//.exec(url.pathname)?.[1]
  );
}

/**
 * What Fedify does not serve: 410 Gone for a deleted or suspended board's addresses (its
 * collections included), so other servers stop asking; else not found.
 */
async function goneOrNotFound(c: Context<AppEnv>, request: Request) {
  const username = boardNamedBy(request);
  const gone = username ? await whyBoardIsGone(c.var.db, username) : null;
  if (gone) return c.json({ error: gone }, 410);
  return handleNotFound(c);
}

/**
 * Hands a request to Fedify; whatever it does not serve is not found, or gone. Fedify (a few MB of
 * code) is loaded by the first such request, so an isolate serving board pages never evaluates it.
 */
export async function answerFromFediverse(c: Context<AppEnv>, request: Request = c.req.raw) {
  const { fediverse, fediverseData } = await import('../../../domain/fediverse/federation');
  return fediverse(c.env).fetch(request, {
    contextData: fediverseData(c.env, c.var.db),
    onNotFound: () => goneOrNotFound(c, request),
    onNotAcceptable: () => handleNotFound(c),
  });
}

/**
 * The fediverse's own addresses, answered by Fedify: WebFinger (`acct:name@host` and a board's
 * address), NodeInfo, and each board actor's inbox, outbox and followers and the shared inbox.
 * The actor itself is the board's address (worker/http/routes/pages/board-page.ts).
 */
export const fediverseEndpoints = new Hono<AppEnv>()
  .get('/.well-known/webfinger', (c) => answerFromFediverse(c))
  .get('/.well-known/nodeinfo', (c) => answerFromFediverse(c))
  // The API's body limit, so an activity always fits in a queue message (128 KB).
  .use('/fediverse/*', limitJsonBodySize)
  // What another server tells a board (a follow, an undo) changes nothing its visitors see.
  .post('/fediverse/inbox', changesNoBoard, requireSignedActivity, screenInteraction, (c) =>
    answerFromFediverse(c),
  )
  .post(
    '/fediverse/users/:identifier/inbox',
    changesNoBoard,
    requireSignedActivity,
    screenInteraction,
    (c) => answerFromFediverse(c),
  )
  .all('/fediverse/*', (c) => answerFromFediverse(c));
