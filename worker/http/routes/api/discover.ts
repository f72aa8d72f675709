import { Hono } from 'hono';
import {
  discoverAnswer,
  discoverQuery,
  trendingAnswer,
  trendingQuery,
} from '../../../../schema/boards';
import { discoverBoards, findTrendingBlocks } from '../../../domain/discover/discover';
import type { AppEnv } from '../../app-env';
import { documented, sendJson } from '../../middleware/contract';
import { validate } from '../../middleware/validate';

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
    async (c) => sendJson(c, await discoverBoards(c.var.db, c.req.valid('query')), 200),
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
