import { Hono } from 'hono';
import { requireAuth } from '../middleware/auth';
import { getAnalytics } from '../services/analytics';
import type { AppEnv } from '../types';

export const analyticsRoutes = new Hono<AppEnv>().get('/me', requireAuth, async (c) =>
  c.json(await getAnalytics(c.env, c.var.viewer.id), 200),
);
