import type { Context } from 'hono';
import type { AppEnv } from '../types';

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
  c: Context<AppEnv>,
  path: string,
  params: Record<string, string> = {},
): Request | undefined {
  if (c.env.ENVIRONMENT === 'development') return undefined;
  const url = new URL(path, c.req.url);
  url.searchParams.set('deploy', c.env.CF_VERSION_METADATA.id);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return new Request(url);
}

/** The kept answer, or undefined; a cache that fails to answer is a miss, never an error. */
export async function readEdgeCache(key: Request): Promise<Response | undefined> {
  try {
    return await edgeCache().match(key);
  } catch (error) {
    console.error('Edge cache unreadable; answering uncached.', error);
    return undefined;
  }
}

/** Keeps `entry` (its Cache-Control says how long) after the answer has gone. */
export function keepInEdgeCache(c: Context<AppEnv>, key: Request, entry: Response): void {
  c.executionCtx.waitUntil(
    edgeCache()
      .put(key, entry)
      .catch((error: unknown) => console.error('Answer not kept in the edge cache.', error)),
  );
}

function forBrowsers(entry: Response): Response {
  const page = new Response(entry.body, entry);
  page.headers.set('cache-control', revalidateEachTime);
  return page;
}

/**
 * A page that is the same for everyone for a while (the landing page): kept at the edge for
 * `seconds` per deploy, so most visits cost no render and no query. Where the Cache API does
 * nothing, every visit renders.
 */
export async function cachedPage(
  c: Context<AppEnv>,
  page: { name: string; seconds: number },
  render: () => Promise<Response>,
): Promise<Response> {
  const key = edgeCacheKey(c, `/__page-cache/${page.name}`);
  const hit = key && (await readEdgeCache(key));
  if (hit) return forBrowsers(hit);
  const response = await render();
  if (!key || response.status !== 200 || response.headers.has('set-cookie')) return response;
  const entry = new Response(response.body, response);
  entry.headers.set('cache-control', `public, max-age=${page.seconds}`);
  keepInEdgeCache(c, key, entry.clone());
  return forBrowsers(entry);
}
