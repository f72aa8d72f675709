import { Hono } from 'hono';
import { analyticsAnswer } from '../../../../schema/analytics';
import { getAnalytics } from '../../../domain/analytics/analytics';
import type { AppEnv } from '../../app-env';
import { requireAuth } from '../../middleware/auth';
import { documented, sendJson } from '../../middleware/contract';

export const analyticsRoutes = new Hono<AppEnv>().get(
  '/me',
  documented({
    tag: 'Analytics',
    summary: "Your board's views, copies, clicks and most copied blocks",
    answers: { 200: analyticsAnswer },
    refusals: [401],
  }),
  requireAuth,
  async (c) => sendJson(c, await getAnalytics(c.env, c.var.viewer.id), 200),
);
