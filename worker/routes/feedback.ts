import { Hono } from 'hono';
import { feedbackInput, feedbackUpdateInput } from '../../schema/feedback';
import { idParam } from '../../schema/fields';
import { optionalAuth, requireAdmin, requireAuth } from '../middleware/auth';
import { rateLimit } from '../middleware/rate-limit';
import { validate } from '../middleware/validate';
import { getDb } from '../services/db';
import { listFeedback, submitFeedback, toFeedbackItem, updateFeedback } from '../services/feedback';
import type { AppEnv } from '../types';

const feedbackId = idParam('Feedback not found.');

export const feedbackRoutes = new Hono<AppEnv>()
  .post(
    '/',
    rateLimit('FEEDBACK_LIMITER', 'feedback'),
    optionalAuth,
    validate('json', feedbackInput),
    async (c) => {
      const item = await submitFeedback(
        getDb(c.env),
        c.req.valid('json'),
        c.var.viewer?.id ?? null,
      );
      return c.json(toFeedbackItem(item), 201);
    },
  )
  .get('/', requireAuth, requireAdmin, async (c) => {
    const items = await listFeedback(getDb(c.env));
    return c.json(items.map(toFeedbackItem), 200);
  })
  .patch(
    '/:id{[0-9]+}',
    requireAuth,
    requireAdmin,
    validate('param', feedbackId),
    validate('json', feedbackUpdateInput),
    async (c) => {
      const item = await updateFeedback(getDb(c.env), c.req.valid('param').id, c.req.valid('json'));
      return c.json(toFeedbackItem(item), 200);
    },
  );
