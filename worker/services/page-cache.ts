import type { Context } from 'hono';
import type { AppEnv } from '../types';

// The Workers runtime's one global cache. Its type is spelled out because lib.dom's CacheStorage,
// loaded too (the Worker renders web screens), has no `default`.
export const edgeCache = () => (caches as unknown as { default: Cache }).default;

/** Browsers keep a page but ask again each time: it may change at the next deploy or minute. */
const pageBrowserCacheControl = 'public, max-age=0, must-revalidate';

function forBrowsers(entry: Response): Response {
  const page = new Response(entry.body, entry);
  page.headers.set('cache-control', pageBrowserCacheControl);
  return page;
}

/**
 * A page that is the same for everyone for a while (the landing page): kept at the edge for
 * `seconds` per deploy, so most visits cost no render and no query. Not in local development,
 * where edited code must show at once; where the Cache API does nothing, every visit renders.
 */
export async function cachedPage(
  c: Context<AppEnv>,
  page: { name: string; seconds: number },
  render: () => Promise<Response>,
): Promise<Response> {
  if (c.env.ENVIRONMENT === 'development') return render();
  // Per deploy: a page names the hashed scripts and styles of its own build.
  const url = new URL(`/__page-cache/${page.name}`, c.req.url);
  url.searchParams.set('deploy', c.env.CF_VERSION_METADATA.id);
  const entryKey = new Request(url);
  const hit = await edgeCache()
    .match(entryKey)
    .catch((error: unknown) => {
      console.error('Page cache unreadable; rendering.', error);
      return undefined;
    });
  if (hit) return forBrowsers(hit);
  const response = await render();
  if (response.status !== 200 || response.headers.has('set-cookie')) return response;
  const entry = new Response(response.body, response);
  entry.headers.set('cache-control', `public, max-age=${page.seconds}`);
  c.executionCtx.waitUntil(
    edgeCache()
      .put(entryKey, entry.clone())
      .catch((error: unknown) => console.error('Page not cached.', error)),
  );
  return forBrowsers(entry);
}
