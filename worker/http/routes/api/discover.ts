import { Hono } from 'hono';
import {
  discoverAnswer,
  discoverQuery,
  trendingAnswer,
  trendingQuery,
} from '../../../../schema/boards';
import { discoverBoards, findTrendingBlocks } from '../../../domain/discover/discover';
import { answeringOf, cachedPage } from '../../../platform/edge-cache';
import type { AppEnv } from '../../app-env';
import { documented, sendJson } from '../../middleware/contract';
import { validate } from '../../middleware/validate';
import { markShownBoards, shownBoardsAreCurrent } from '../../shown-boards';

/** How long the first page is kept (`DISCOVER_FIRST_PAGE_SECONDS`); 0 keeps it not at all. */
const firstPageSeconds = (env: Env) =>
  Math.max(0, Number.parseInt(env.DISCOVER_FIRST_PAGE_SECONDS, 10) || 0);

export const discoverRoutes = new Hono<AppEnv>()
  .get(
    '/',
    documented({
      tag: 'Discover',
      summary:
        'Public boards, latest news first, with their first six blocks (and how many more); `q` searches them by word prefix, `category` narrows them',
      answers: { 200: discoverAnswer },
      refusals: [400],
    }),
    validate('query', discoverQuery),
    async (c) => {
      const query = c.req.valid('query');
      const seconds = firstPageSeconds(c.env);
      if (query.q || query.cursor || seconds === 0) {
        return sendJson(c, await discoverBoards(c.var.db, query), 200);
      }
      // The first page is everyone's, the same for all: kept at the edge for a few seconds, and
      // no longer than each board it shows stays as it was.
      const answering = answeringOf(c);
      const page = {
        name: `discover/${query.category ?? 'all'}/${query.limit}`,
        seconds,
        isCurrent: shownBoardsAreCurrent(c.env),
      };
      return cachedPage(answering, page, async () => {
        const found = await discoverBoards(c.var.db, query);
        const response = sendJson(c, found, 200);
        await markShownBoards(
          c.env,
          response,
          found.boards.map((board) => board.user.username),
        );
        return response;
      });
    },
  )
  .get(
    '/trending',
    documented({
      tag: 'Discover',
      summary:
        'Trending this week: the blocks copied or started most in the last 7 days, in all or one `category`',
      answers: { 200: trendingAnswer },
      refusals: [400],
    }),
    validate('query', trendingQuery),
    async (c) =>
      sendJson(c, await findTrendingBlocks(c.var.db, c.req.valid('query').category), 200),
  );
