import { Hono } from 'hono';
import {
  feedbackInput,
  feedbackItem,
  feedbackList,
  feedbackListQuery,
  feedbackUpdateInput,
} from '../../../../schema/feedback';
import { idParam } from '../../../../schema/fields';
import {
  listFeedback,
  submitFeedback,
  toFeedbackItem,
  updateFeedback,
} from '../../../domain/feedback/feedback';
import type { AppEnv } from '../../app-env';
import { optionalAuth, requireAdmin, requireAuth } from '../../middleware/auth';
import { changesNoBoard } from '../../middleware/board-changes';
import { documented, sendJson } from '../../middleware/contract';
import { rateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';

const feedbackId = idParam('Feedback not found.');
const tag = 'Feedback';

export const feedbackRoutes = new Hono<AppEnv>()
  .post(
    '/',
    documented({
      tag,
      summary: 'Send an idea or a bug report to the team',
      answers: { 201: feedbackItem },
      refusals: [400, 403, 429],
    }),
    changesNoBoard,
    rateLimit('FEEDBACK_LIMITER', 'feedback'),
    optionalAuth,
    validate('json', feedbackInput),
    async (c) => {
      const item = await submitFeedback(c.var.db, c.req.valid('json'), c.var.viewer?.id ?? null);
      return sendJson(c, toFeedbackItem(item), 201);
    },
  )
  .get(
    '/',
    documented({
      tag,
      summary:
        'Submissions newest first with their authors, optionally of one status and type (the owner account only)',
      answers: { 200: feedbackList },
      refusals: [400, 401, 403],
    }),
    requireAuth,
    requireAdmin,
    validate('query', feedbackListQuery),
    async (c) => {
      const items = await listFeedback(c.var.db, c.req.valid('query'));
      return sendJson(c, items, 200);
    },
  )
  .patch(
    '/:id{[0-9]+}',
    documented({
      tag,
      summary: "Set a submission's status or priority (the owner account only)",
      answers: { 200: feedbackItem },
      refusals: [400, 401, 403, 404],
    }),
    changesNoBoard,
    requireAuth,
    requireAdmin,
    validate('param', feedbackId),
    validate('json', feedbackUpdateInput),
    async (c) => {
      const item = await updateFeedback(c.var.db, c.req.valid('param').id, c.req.valid('json'));
      return sendJson(c, toFeedbackItem(item), 200);
    },
  );
