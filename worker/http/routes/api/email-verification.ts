import { Hono } from 'hono';
import { verifyEmailInput } from '../../../../schema/email-verification';
import { messageAnswer } from '../../../../schema/users';
import type { AppEnv } from '../../app-env';
import { requireAuth } from '../../middleware/auth';
import { changesNoBoard } from '../../middleware/board-changes';
import { documented, sendJson } from '../../middleware/contract';
import { rateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';

const tag = 'Account';

/** Proving an address: its code loads with the first request that needs it. */
const verification = () => import('../../../domain/account/email-verification');

export const emailVerificationRoutes = new Hono<AppEnv>()
  .post(
    '/',
    documented({
      tag,
      summary: 'Email a new link that confirms your address (3 an hour at most)',
      answers: { 202: messageAnswer },
      refusals: [401, 429],
    }),
    changesNoBoard,
    requireAuth,
    async (c) => {
      const { viewer } = c.var;
      if (viewer.emailVerified) {
        return sendJson(c, { message: 'Your email address is confirmed.' }, 202);
      }
      await (await verification()).sendVerificationMail(c.var.db, c.env, viewer);
      const message = `Check your inbox: we sent a link to ${viewer.email}.`;
      return sendJson(c, { message }, 202);
    },
  )
  .post(
    '/confirm',
    documented({
      tag,
      summary:
        "Confirm an address with the emailed link (once, within 24 hours); a new address replaces the account's",
      answers: { 200: messageAnswer },
      refusals: [400, 409, 429],
    }),
    changesNoBoard,
    rateLimit('AUTH_LIMITER', 'verify-email'),
    validate('json', verifyEmailInput),
    async (c) => {
      const { verifyEmail } = await verification();
      const user = await verifyEmail(c.var.db, c.env, c.req.valid('json').token);
      const message = `Thank you: ${user.email} is confirmed.`;
      return sendJson(c, { message }, 200);
    },
  );
