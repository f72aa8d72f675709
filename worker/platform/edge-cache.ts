import { refusalIn } from './refusal';

/**
 * The request being answered and what answering it may use: the Worker's own `fetch(request, env,
 * ctx)` arguments, so a cache knows nothing of the router in front of it.
 */
export type Answering = {
  request: Request;
  env: Env;
  /** Keeps the isolate up for work finished after the answer has gone. */
  ctx: Pick<ExecutionContext, 'waitUntil'>;
};

/** The request a route answers (its context, whatever the router), as the caches read it. */
export function answeringOf(route: {
  req: { raw: Request };
  env: Env;
  executionCtx: Answering['ctx'];
}): Answering {
  return { request: route.req.raw, env: route.env, ctx: route.executionCtx };
}

// The Workers runtime's one global cache. Its type is spelled out because lib.dom's CacheStorage,
// loaded too (the Worker renders web screens), has no `default`.
const edgeCache = () => (caches as unknown as { default: Cache }).default;

/** Browsers keep a page but ask again each time: it changes with the board, the deploy, the minute. */
export const revalidateEachTime = 'public, max-age=0, must-revalidate';

/**
 * Where an answer is kept in this location's cache, or undefined where it must not be: in local
 * development, where edited code must show at once. The key holds the answering origin (pages
 * name it) and this deploy's version id (pages name the hashed scripts and styles of their build).
 */
export function edgeCacheKey(
  { request, env }: Pick<Answering, 'request' | 'env'>,
  path: string,
  params: Record<string, string> = {},
): string | undefined {
  if (env.ENVIRONMENT === 'development') return undefined;
  const url = new URL(path, request.url);
  url.searchParams.set('deploy', env.CF_VERSION_METADATA.id);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
}

/**
 * An answer as the edge keeps it, read once and shared by every answer made from it: its headers
 * are read, or copied to be changed, never changed in place.
 */
export type KeptEntry = {
  readonly body: ArrayBuffer;
  readonly status: number;
  readonly headers: Headers;
};

/**
 * The entries this isolate last read or wrote, held in memory for a second: a board read
 * thousands of times a second costs one Cache API lookup per isolate a second, not one per read.
 * Keys hold the board's version (and the deploy), so a memory copy never outlives what it shows by
 * more than the version read's own second.
 */
const hotCopyMs = 1000;
const hotCopyLimit = 64;
const hotCopies = new Map<string, { entry: KeptEntry; until: number }>();

function keepHot(key: string, entry: KeptEntry): void {
  // The oldest goes first: a Map iterates in insertion order.
  if (hotCopies.size >= hotCopyLimit) hotCopies.delete(hotCopies.keys().next().value ?? '');
  hotCopies.set(key, { entry, until: Date.now() + hotCopyMs });
}

/** The kept answer, or undefined; a cache that fails to answer is a miss, never an error. */
export async function readEdgeCache(key: string): Promise<KeptEntry | undefined> {
  const hot = hotCopies.get(key);
  if (hot && hot.until > Date.now()) return hot.entry;
  if (hot) hotCopies.delete(key);
  try {
    const kept = await edgeCache().match(key);
    if (!kept) return undefined;
    const entry = { body: await kept.arrayBuffer(), status: kept.status, headers: kept.headers };
    keepHot(key, entry);
    return entry;
  } catch (error) {
    console.error('Edge cache unreadable; answering uncached.', error);
    return undefined;
  }
}

/** Keeps `entry` in memory here at once, and in the edge cache after the answer has gone. */
export function keepInEdgeCache(ctx: Answering['ctx'], key: string, entry: KeptEntry): void {
  keepHot(key, entry);
  const kept = new Response(entry.body, { status: entry.status, headers: entry.headers });
  ctx.waitUntil(
    edgeCache()
      .put(key, kept)
      .catch((error: unknown) => console.error('Answer not kept in the edge cache.', error)),
  );
}

// An entry answers as fresh for its own while, and is kept a day beyond: if the database fails,
// the last copy is better than no page at all (stale-if-error).
const keptForSeconds = 24 * 60 * 60;
export const freshUntilHeader = 'x-up2-fresh-until';
/** Says, on an answer from a copy kept past its freshness, why it was served. */
const servedStaleHeader = 'x-up2-served-stale';

/** An answer as the edge cache keeps it: a day, stamped fresh for `freshSeconds` from now. */
export function keptEntry(
  body: ArrayBuffer,
  status: number,
  answerHeaders: Headers,
  freshSeconds: number,
): KeptEntry {
  const headers = new Headers(answerHeaders);
  headers.set('cache-control', `public, max-age=${keptForSeconds}`);
  headers.set(freshUntilHeader, String(Date.now() + freshSeconds * 1000));
  return { body, status, headers };
}

export function isFresh(entry: KeptEntry): boolean {
  return Number(entry.headers.get(freshUntilHeader)) > Date.now();
}

/** True for the database failing or taking too long (platform/db.ts), not for an answer it gave. */
export function isOutage(error: unknown): boolean {
  return refusalIn(error)?.kind === 'unavailable';
}

/** A copy kept past its freshness, served because the database cannot render a new one. */
export function servedStale(entry: KeptEntry, error: unknown): KeptEntry {
  console.error('Database unavailable: served the last copy kept at the edge.', error);
  const headers = new Headers(entry.headers);
  headers.set(servedStaleHeader, 'database-unavailable');
  return { ...entry, headers };
}

/** A kept page as browsers get it: revalidated each time, without what only the edge needs. */
function forBrowsers<R extends Response>(entry: KeptEntry): R {
  const headers = new Headers(entry.headers);
  headers.set('cache-control', revalidateEachTime);
  for (const [name] of [...headers]) {
    if (name.startsWith('x-up2-') && name !== servedStaleHeader) headers.delete(name);
  }
  return new Response(entry.body, { status: entry.status, headers }) as R;
}

type CachedPage = {
  name: string;
  /** How long a copy answers as it is. */
  seconds: number;
  /**
   * Whether a copy still shows what is current (e.g. the boards in it did not change since).
   * `unknown` is the answer to give when that cannot be told: a fresh copy may stand then, a stale
   * one served through an outage may not (what changed may be a board made private).
   */
  isCurrent?: (entry: KeptEntry, unknown: boolean) => Promise<boolean>;
};

/**
 * A page that is the same for everyone for a while (the landing page): kept at the edge per
 * deploy, so most visits cost no render and no query; a copy that is no longer fresh or current is
 * rendered again, and served as it is only if the database fails and it is still current. Where the Cache API does
 * nothing, an isolate renders it once a second. The answer is typed as `render`'s, for the RPC
 * client; a kept one carries the same body.
 */
export async function cachedPage<R extends Response>(
  answering: Answering,
  page: CachedPage,
  render: () => Promise<R>,
): Promise<R> {
  const key = edgeCacheKey(answering, `/__page-cache/${page.name}`);
  const hit = key && (await readEdgeCache(key));
  const isCurrent = (entry: KeptEntry, unknown: boolean) =>
    page.isCurrent?.(entry, unknown) ?? Promise.resolve(true);
  if (hit && isFresh(hit) && (await isCurrent(hit, true))) return forBrowsers<R>(hit);
  let response: R;
  try {
    response = await render();
  } catch (error) {
    if (hit && isOutage(error) && (await isCurrent(hit, false))) {
      return forBrowsers<R>(servedStale(hit, error));
    }
    throw error;
  }
  if (!key || response.status !== 200 || response.headers.has('set-cookie')) return response;
  const body = await response.arrayBuffer();
  const entry = keptEntry(body, response.status, response.headers, page.seconds);
  keepInEdgeCache(answering.ctx, key, entry);
  return forBrowsers<R>(entry);
}
