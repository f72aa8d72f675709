import { Hono } from 'hono';
import { confirmUpdatesInput } from '../../../../schema/email-updates';
import { messageAnswer, ownUserAnswer } from '../../../../schema/users';
import { askForUpdates, confirmUpdates, stopUpdates } from '../../../domain/account/email-updates';
import type { AppEnv } from '../../app-env';
import { requireAuth } from '../../middleware/auth';
import { changesNoBoard } from '../../middleware/board-changes';
import { documented, sendJson } from '../../middleware/contract';
import { rateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';

const tag = 'Account';

export const emailUpdatesRoutes = new Hono<AppEnv>()
  .post(
    '/',
    documented({
      tag,
      summary: 'Ask for updates about new features and tips: a link to confirm is emailed',
      answers: { 202: messageAnswer },
      refusals: [401, 429],
    }),
    changesNoBoard,
    requireAuth,
    async (c) => {
      await askForUpdates(c.var.db, c.env, c.var.viewer);
      const message = c.var.viewer.emailOptIn
        ? 'You already get updates.'
        : `Check your inbox: we sent a link to ${c.var.viewer.email} to confirm.`;
      return sendJson(c, { message }, 202);
    },
  )
  .post(
    '/confirm',
    documented({
      tag,
      summary: 'Confirm updates with the emailed link (double opt-in)',
      answers: { 200: messageAnswer },
      refusals: [400, 429],
    }),
    changesNoBoard,
    rateLimit('AUTH_LIMITER', 'confirm-updates'),
    validate('json', confirmUpdatesInput),
    async (c) => {
      await confirmUpdates(c.var.db, c.req.valid('json').token);
      const message = "You're subscribed to updates about new features and tips.";
      return sendJson(c, { message }, 200);
    },
  )
  .delete(
    '/',
    documented({
      tag,
      summary: 'Stop updates',
      answers: { 200: ownUserAnswer },
      refusals: [401],
    }),
    changesNoBoard,
    requireAuth,
    async (c) => {
      const user = await stopUpdates(c.var.db, c.var.viewer.id);
      return sendJson(c, { user }, 200);
    },
  );
