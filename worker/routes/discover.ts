import { Hono } from 'hono';
import { discoverAnswer, discoverQuery } from '../../schema/boards';
import { documented, sendJson } from '../middleware/contract';
import { validate } from '../middleware/validate';
import { discoverBoards } from '../services/boards';
import { getDb } from '../services/db';
import type { AppEnv } from '../types';

export const discoverRoutes = new Hono<AppEnv>().get(
  '/',
  documented({
    tag: 'Discover',
    summary: 'Public boards, newest first, with up to 12 of their blocks; `q` searches them',
    answers: { 200: discoverAnswer },
    refusals: [400],
  }),
  validate('query', discoverQuery),
  async (c) =>
    sendJson(c, discoverAnswer, await discoverBoards(getDb(c.env), c.req.valid('query')), 200),
);
