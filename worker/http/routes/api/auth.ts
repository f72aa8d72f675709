import { Hono } from 'hono';
import {
  forgotPasswordInput,
  loginInput,
  messageAnswer,
  ownUserAnswer,
  profileUpdateInput,
  registeredMessage,
  registerInput,
  resetPasswordInput,
  resetTokenCheckAnswer,
  resetTokenCheckInput,
  sessionAnswer,
} from '../../../../schema/users';
import {
  isResetTokenUsable,
  requestPasswordReset,
  resetPassword,
} from '../../../domain/account/password-reset';
import { endSession, signIn } from '../../../domain/account/sessions';
import { registerUser, updateProfile } from '../../../domain/account/users';
import { deleteReplacedAvatar } from '../../../domain/images/images';
import { afterAnswer } from '../../after-answer';
import type { AppEnv } from '../../app-env';
import { deviceTokenFrom, rememberDevice } from '../../known-device-cookie';
import { requireAuth } from '../../middleware/auth';
import { boardWriterOf, changesBoard, changesNoBoard } from '../../middleware/board-changes';
import { documented, sendJson } from '../../middleware/contract';
import { rateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';

const tag = 'Account';

export const auth = new Hono<AppEnv>()
  .post(
    '/register',
    documented({
      tag,
      summary: 'Create an account (and its board); a link to confirm the address is emailed',
      description:
        'An address that already has an account gets the same answer: its owner is emailed instead, and nothing is created.',
      answers: { 201: messageAnswer },
      refusals: [400, 409, 429],
    }),
    // A new board has nothing cached to change: names are never given twice (decision 0040), and
    // only an answer showing a board is ever cached.
    changesNoBoard,
    rateLimit('AUTH_LIMITER', 'register'),
    validate('json', registerInput),
    async (c) => {
      const input = c.req.valid('json');
      await registerUser(c.var.db, c.env, input, afterAnswer(c));
      return sendJson(c, { message: registeredMessage }, 201);
    },
  )
  .post(
    '/login',
    documented({
      tag,
      summary: 'Sign in: a bearer token for this device, and the account',
      answers: { 200: sessionAnswer },
      refusals: [400, 401, 429],
    }),
    changesNoBoard,
    rateLimit('AUTH_LIMITER', 'login'),
    validate('json', loginInput),
    async (c) => {
      const { token, user, device } = await signIn(
        c.var.db,
        c.env,
        c.req.valid('json'),
        deviceTokenFrom(c),
      );
      rememberDevice(c, user.id, device);
      return sendJson(c, { token, user }, 200);
    },
  )
  .post(
    '/logout',
    documented({
      tag,
      summary: "Sign out: this token's session ends at once",
      answers: { 200: messageAnswer },
      refusals: [401],
    }),
    changesNoBoard,
    requireAuth,
    async (c) => {
      await endSession(c.var.db, c.var.sessionId);
      return sendJson(c, { message: 'Signed out.' }, 200);
    },
  )
  .get(
    '/me',
    documented({
      tag,
      summary: 'The signed-in account',
      answers: { 200: ownUserAnswer },
      refusals: [401],
    }),
    requireAuth,
    (c) => sendJson(c, { user: c.var.viewer }, 200),
  )
  .put(
    '/me',
    documented({
      tag,
      summary: 'Change your profile or privacy',
      answers: { 200: ownUserAnswer },
      refusals: [400, 401],
    }),
    changesBoard,
    requireAuth,
    validate('json', profileUpdateInput),
    async (c) => {
      const user = await updateProfile(boardWriterOf(c, c.var.viewer.id), c.req.valid('json'));
      await deleteReplacedAvatar(c.env, c.var.viewer, user);
      return sendJson(c, { user }, 200);
    },
  )
  .post(
    '/forgot-password',
    documented({
      tag,
      summary: 'Email a reset link, if the address has an account (the answer never says)',
      answers: { 200: messageAnswer },
      refusals: [400, 429],
    }),
    changesNoBoard,
    rateLimit('AUTH_LIMITER', 'forgot-password'),
    validate('json', forgotPasswordInput),
    async (c) => {
      // Mail goes out after the answer, so timing does not tell whether the address has an account.
      c.executionCtx.waitUntil(requestPasswordReset(c.var.db, c.env, c.req.valid('json').email));
      const message =
        "If an account exists with that email, we've sent password reset instructions";
      return sendJson(c, { message }, 200);
    },
  )
  .post(
    '/reset-password/check',
    documented({
      tag,
      summary: 'Whether a reset link still works (known, unused, unexpired), without using it',
      answers: { 200: resetTokenCheckAnswer },
      refusals: [400, 429],
    }),
    changesNoBoard,
    rateLimit('AUTH_LIMITER', 'reset-password-check'),
    validate('json', resetTokenCheckInput),
    async (c) => {
      const usable = await isResetTokenUsable(c.var.db, c.req.valid('json').token);
      return sendJson(c, { usable }, 200);
    },
  )
  .post(
    '/reset-password',
    documented({
      tag,
      summary: 'Set a new password with the emailed token; every session ends',
      answers: { 200: messageAnswer },
      refusals: [400, 429],
    }),
    changesNoBoard,
    rateLimit('AUTH_LIMITER', 'reset-password'),
    validate('json', resetPasswordInput),
    async (c) => {
      const { token, newPassword } = c.req.valid('json');
      await resetPassword(c.var.db, c.env, token, newPassword);
      const message = 'Your password has been reset. Please sign in.';
      return sendJson(c, { message }, 200);
    },
  );
