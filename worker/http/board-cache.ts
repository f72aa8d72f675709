import { usernameSchema } from '../../schema/users';
import { recordVisit } from '../domain/analytics/views';
import { entryTtlSeconds, readsAfterVersion, readVersion } from '../platform/board-versions';
import { type Db, databaseAfter } from '../platform/db';
import {
  type Answering,
  edgeCacheKey,
  freshUntilHeader,
  isFresh,
  isOutage,
  type KeptEntry,
  keepInEdgeCache,
  keptEntry,
  readEdgeCache,
  revalidateEachTime,
  servedStale,
} from '../platform/edge-cache';
import { visitOf } from './visits';

/**
 * The public renditions of a board: `/api/boards/:username`, a page of one of its tabs
 * (`/api/boards/:username/blocks`), `/@username` and the data it was drawn from
 * (`/@username?app-state`), `/embed/@username`, the feeds,
 * `/@username/feed.xml|json`, and its years in review: `/@username/year/:year`,
 * `/api/boards/:username/years/:year` and the year's two images.
 */
type BoardKind =
  | 'api'
  | 'tab-api'
  | 'page'
  | 'page-state'
  | 'embed'
  | 'feed'
  | 'year-page'
  | 'year-api'
  | 'year-image';

/** What a visitor came to see the board for: the board itself, in any of its renditions. */
const viewedKinds: ReadonlySet<BoardKind> = new Set(['api', 'page', 'embed']);

/**
 * A board's answer as rendered now, and the board it shows (its view is counted), or null when it
 * shows none (unknown or private board). Only a 200 showing a board is ever cached.
 */
export type BoardRendition<R extends Response> = { response: R; boardId: number | null };

// Carries the board id inside a cache entry, so an answer from the cache still counts its view.
const boardIdHeader = 'x-up2-board-id';

// Browsers keep the answer but ask again every time; the ETag turns an unchanged one into a 304.
const browserCacheControl: Record<BoardKind, string> = {
  api: 'no-cache',
  'tab-api': 'no-cache',
  page: revalidateEachTime,
  'page-state': 'no-cache',
  embed: revalidateEachTime,
  feed: revalidateEachTime,
  'year-page': revalidateEachTime,
  'year-api': 'no-cache',
  'year-image': revalidateEachTime,
};

/**
 * Which answer: `variant` names a rendition the request chose (the embed's theme, a tab's page).
 * Each variant is an entry of its own under the board's version.
 */
type BoardRequest = { kind: BoardKind; username: string | undefined; variant?: string };

/**
 * Where this board's answer is cached now, or undefined when it must not be: a name no user can
 * have, local development (edited code would keep serving its old pages), or KV unreadable. The key
 * holds the board's current version besides what every edge cache key holds.
 */
async function entryKey(
  answering: Answering,
  { kind, username, variant }: BoardRequest,
): Promise<{ key: string | undefined; version: string } | undefined> {
  if (answering.env.ENVIRONMENT === 'development' || !username) return undefined;
  if (usernameSchema.safeParse(username).data !== username) return undefined;
  let version: string;
  try {
    version = await readVersion(answering.env, username);
  } catch (error) {
    console.error('Board cache version unreadable; answering uncached.', error);
    return undefined;
  }
  const path = `/__board-cache/${kind}/${username}${variant ? `/${variant}` : ''}`;
  return { key: edgeCacheKey(answering, path, { version }), version };
}

/** Strong: a digest of the exact bytes, so two renders agree on it only when they are identical. */
async function bodyEtag(body: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  const hex = Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0'));
  return `"${hex.join('')}"`;
}

/** If-None-Match compares weakly (RFC 9110), so a copy an edge recompressed as W/"…" still matches. */
function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** A cacheable entry as the browser gets it: whole, or 304 when it already holds these bytes. */
function answerFrom(request: Request, kind: BoardKind, entry: KeptEntry): Response {
  const headers = new Headers(entry.headers);
  headers.delete(boardIdHeader);
  headers.delete(freshUntilHeader);
  headers.set('cache-control', browserCacheControl[kind]);
  // The API answers a signed-in owner differently (hidden blocks, email), never from here.
  if (kind === 'api') headers.set('vary', 'Authorization');
  // The board's address also answers its fediverse actor, to those who ask for ActivityPub JSON.
  if (kind === 'page') headers.set('vary', 'Accept');
  const etag = headers.get('etag') ?? '';
  if (!matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) {
    return new Response(entry.body, { status: entry.status, headers });
  }
  const revalidated = new Headers({ etag, 'cache-control': browserCacheControl[kind] });
  const vary = headers.get('vary');
  if (vary) revalidated.set('vary', vary);
  return new Response(null, { status: 304, headers: revalidated });
}

/**
 * A public board's answer, from `caches.default` when this location holds it for the board's
 * current version, else from `render` (then cached, if a 200 showing a board). Every answer that
 * shows a board, feeds aside, counts its view: rendered, from the cache or 304. Cacheable answers
 * get a strong ETag and a 304 for a matching If-None-Match. Only for anonymous answers: whatever `render`
 * returns is served to everyone. Where the Cache API does nothing (workers.dev) an isolate
 * renders each version once a second, and every answer is still correct.
 *
 * The answer is typed as `render`'s, for the RPC client; a cached one carries the same body.
 */
export async function cachedBoardResponse<R extends Response>(
  answering: Answering,
  board: BoardRequest,
  render: (db: Db) => Promise<BoardRendition<R>>,
): Promise<R> {
  const { request, env, ctx } = answering;
  // A HEAD asks about the board without showing it to anyone, and a feed reader polls for news
  // whether anyone reads it or not: neither is a view, nor is a look back at a year.
  const countView = (boardId: number | null) => {
    if (boardId !== null && request.method !== 'HEAD' && viewedKinds.has(board.kind)) {
      ctx.waitUntil(recordVisit(env, boardId, visitOf(request)));
    }
  };
  const fromEntry = (entry: KeptEntry) => {
    const boardId = Number(entry.headers.get(boardIdHeader));
    countView(Number.isSafeInteger(boardId) && boardId > 0 ? boardId : null);
    return answerFrom(request, board.kind, entry) as R;
  };
  const cacheSlot = await entryKey(answering, board);
  const key = cacheSlot?.key;
  const cached = key && (await readEdgeCache(key));
  if (cached && isFresh(cached)) return fromEntry(cached);
  let rendition: BoardRendition<R>;
  try {
    // Cached under this version, the render must show the change that made it, wherever the
    // nearest copy of the database stands.
    rendition = await render(databaseAfter(env, readsAfterVersion(cacheSlot?.version)));
  } catch (error) {
    // The copy kept is of the board's current version: nothing hidden since can show in it.
    if (cached && isOutage(error)) return fromEntry(servedStale(cached, error));
    throw error;
  }
  const { response, boardId } = rendition;
  countView(boardId);
  if (response.status !== 200 || boardId === null || response.headers.has('set-cookie')) {
    return response;
  }
  const body = await response.arrayBuffer();
  const headers = new Headers(response.headers);
  headers.set('etag', await bodyEtag(body));
  headers.set(boardIdHeader, String(boardId));
  // Browsers get their own Cache-Control (answerFrom).
  const entry = keptEntry(body, 200, headers, entryTtlSeconds);
  if (key) keepInEdgeCache(ctx, key, entry);
  return answerFrom(request, board.kind, entry) as R;
}
