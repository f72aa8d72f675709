import { Hono } from 'hono';
import { discoverQuery } from '../../schema/boards';
import { validate } from '../middleware/validate';
import { discoverBoards } from '../services/boards';
import { getDb } from '../services/db';
import type { AppEnv } from '../types';

export const discoverRoutes = new Hono<AppEnv>().get(
  '/',
  validate('query', discoverQuery),
  async (c) => c.json(await discoverBoards(getDb(c.env), c.req.valid('query')), 200),
);
