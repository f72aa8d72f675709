import { Hono } from 'hono';
import {
  forgotPasswordInput,
  loginInput,
  profileUpdateInput,
  registerInput,
  resetPasswordInput,
} from '../../schema/users';
import { requireAuth } from '../middleware/auth';
import { ApiError } from '../middleware/errors';
import { rateLimit } from '../middleware/rate-limit';
import { validate } from '../middleware/validate';
import { bumpBoardVersion } from '../services/board-cache';
import { getDb } from '../services/db';
import { requestPasswordReset, resetPassword } from '../services/password-reset';
import { verifyPassword } from '../services/passwords';
import { signSession } from '../services/tokens';
import { findUserByUsername, registerUser, toOwnUser, updateProfile } from '../services/users';
import type { AppEnv } from '../types';

export const auth = new Hono<AppEnv>()
  .post(
    '/register',
    rateLimit('AUTH_LIMITER', 'register'),
    validate('json', registerInput),
    async (c) => {
      const user = await registerUser(getDb(c.env), c.env, c.req.valid('json'));
      // A new board gets a version of its own: nothing cached under a reused name answers for it.
      await bumpBoardVersion(c, user.username);
      return c.json({ user: toOwnUser(user, c.env) }, 201);
    },
  )
  .post('/login', rateLimit('AUTH_LIMITER', 'login'), validate('json', loginInput), async (c) => {
    const { username, password } = c.req.valid('json');
    const user = await findUserByUsername(getDb(c.env), username);
    const valid = await verifyPassword(password, user?.passwordHash, c.env.PASSWORD_PEPPER);
    if (!user || !valid) {
      throw new ApiError(401, 'Invalid credentials. Please check your username and password.');
    }
    const token = await signSession(c.env, { userId: user.id, tokenVersion: user.tokenVersion });
    return c.json({ token, user: toOwnUser(user, c.env) }, 200);
  })
  .get('/me', requireAuth, (c) => c.json({ user: toOwnUser(c.var.viewer, c.env) }, 200))
  .put('/me', requireAuth, validate('json', profileUpdateInput), async (c) => {
    const user = await updateProfile(getDb(c.env), c.var.viewer.id, c.req.valid('json'));
    // Both names when the username changes: the old one must stop showing the board.
    await bumpBoardVersion(c, c.var.viewer.username, user.username);
    return c.json({ user: toOwnUser(user, c.env) }, 200);
  })
  .post(
    '/forgot-password',
    rateLimit('AUTH_LIMITER', 'forgot-password'),
    validate('json', forgotPasswordInput),
    async (c) => {
      // Mail goes out after the answer, so timing does not tell whether the address has an account.
      c.executionCtx.waitUntil(
        requestPasswordReset(getDb(c.env), c.env, c.req.valid('json').email),
      );
      return c.json(
        { message: "If an account exists with that email, we've sent password reset instructions" },
        200,
      );
    },
  )
  .post(
    '/reset-password',
    rateLimit('AUTH_LIMITER', 'reset-password'),
    validate('json', resetPasswordInput),
    async (c) => {
      const { token, newPassword } = c.req.valid('json');
      await resetPassword(getDb(c.env), c.env, token, newPassword);
      return c.json({ message: 'Your password has been reset. Please sign in.' }, 200);
    },
  );
