import { Hono } from 'hono';
import {
  appealAnswer,
  appealInput,
  appealThanks,
  reportAnswer,
  reportInput,
  reportThanks,
} from '../../../../schema/moderation';
import { fileAppeal, fileReport, reporterKeyOf } from '../../../domain/moderation/reports';
import { addressKey, clientAddressOf } from '../../../platform/client-address';
import type { AppEnv } from '../../app-env';
import { requireAuth } from '../../middleware/auth';
import { changesNoBoard } from '../../middleware/board-changes';
import { documented, sendJson } from '../../middleware/contract';
import { rateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';

export const reportRoutes = new Hono<AppEnv>()
  .post(
    '/',
    documented({
      tag: 'Moderation',
      summary:
        'Report a board, or one of its blocks, to the moderators (signed in or not; the reporter never learns who else reported)',
      answers: { 201: reportAnswer },
      refusals: [400, 404, 429],
    }),
    changesNoBoard,
    rateLimit('REPORT_LIMITER', 'report'),
    validate('json', reportInput),
    async (c) => {
      const key = await reporterKeyOf(addressKey(clientAddressOf(c.req.raw)));
      await fileReport(c.var.db, c.env, c.req.valid('json'), { key });
      return sendJson(c, { message: reportThanks }, 201);
    },
  )
  .post(
    '/appeals',
    documented({
      tag: 'Moderation',
      summary:
        "Appeal a moderator's action on your board, once: the appeal joins the moderators' queue",
      answers: { 201: appealAnswer },
      refusals: [400, 401, 404, 409, 429],
    }),
    changesNoBoard,
    requireAuth,
    rateLimit('REPORT_LIMITER', 'report'),
    validate('json', appealInput),
    async (c) => {
      await fileAppeal(c.var.db, c.var.viewer, c.req.valid('json'));
      return sendJson(c, { message: appealThanks }, 201);
    },
  );
