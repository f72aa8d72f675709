import { Hono } from 'hono';
import { discoverAnswer, discoverQuery, trendingAnswer } from '../../../../schema/boards';
import { discoverBoards, findTrendingBlocks } from '../../../domain/discover/discover';
import { fetchAppShell } from '../../../render/app-shell';
import { renderDiscoverPage, renderDiscoverShell } from '../../../render/discover-page';
import type { AppEnv } from '../../app-env';
import { appPageSecurityHeaders } from '../../middleware/security-headers';

/**
 * `/discover`: the web app's shell with Discover rendered in it, its first page of boards and the
 * trending row as the API would answer them, so the list and a `?q=` search read with no script
 * and the app hydrates without asking again. A filter the API would refuse (a search past 100
 * characters, an unknown category) is left to the app, which says so as it does for a typed one.
 */
export const discoverPage = new Hono<AppEnv>().get(
  '/discover',
  appPageSecurityHeaders,
  async (c) => {
    const url = new URL(c.req.url);
    const parsed = discoverQuery.safeParse({
      q: url.searchParams.get('q') || undefined,
      category: url.searchParams.get('category') || undefined,
    });
    const shell = await fetchAppShell(c.env, c.req.url);
    if (!shell.ok) return c.newResponse(shell.body, shell);
    if (!parsed.success) return renderDiscoverShell(shell);
    const query = parsed.data;
    const filter = { q: query.q ?? '', category: query.category ?? null };
    const [firstPage, trending] = await Promise.all([
      discoverBoards(c.var.db, query).then((page) => discoverAnswer.parse(page)),
      // A search hides the trending row: nothing to fetch for it.
      filter.q
        ? null
        : findTrendingBlocks(c.var.db, query.category).then((answer) =>
            trendingAnswer.parse(answer),
          ),
    ]);
    return renderDiscoverPage(shell, url.origin, [filter, firstPage, trending?.trending ?? null]);
  },
);
