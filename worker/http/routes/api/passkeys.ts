import { type Context, Hono } from 'hono';
import {
  addPasskeyInput,
  passkeyAnswer,
  passkeyCreationOptions,
  passkeyRequestOptions,
  passkeySignInInput,
  passkeysAnswer,
} from '../../../../schema/passkeys';
import { messageAnswer, sessionAnswer } from '../../../../schema/users';
import type { AppEnv } from '../../app-env';
import { rememberDevice } from '../../known-device-cookie';
import { requireAuth } from '../../middleware/auth';
import { changesNoBoard } from '../../middleware/board-changes';
import { documented, sendJson } from '../../middleware/contract';
import { rateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';

const tag = 'Passkeys';

// Passkeys' code loads with the first passkey request: no reader's isolate starts with it.
const passkeys = () => import('../../../domain/account/passkeys');

const relyingPartyOf = async (c: Pick<Context<AppEnv>, 'env' | 'req'>) =>
  (await passkeys()).relyingParty(c.env, new URL(c.req.url).origin);

export const passkeysRoutes = new Hono<AppEnv>()
  .get(
    '/',
    documented({
      tag,
      summary: 'Your passkeys, newest first, with their names and last use',
      answers: { 200: passkeysAnswer },
      refusals: [401],
    }),
    requireAuth,
    async (c) => {
      const { listPasskeys } = await passkeys();
      return sendJson(c, { passkeys: await listPasskeys(c.var.db, c.var.viewer.id) }, 200);
    },
  )
  .post(
    '/registration-options',
    documented({
      tag,
      summary:
        'Start adding a passkey: options for the browser, with a challenge good for 5 minutes',
      answers: { 200: passkeyCreationOptions },
      refusals: [401, 429],
    }),
    changesNoBoard,
    rateLimit('AUTH_LIMITER', 'passkey-options'),
    requireAuth,
    async (c) => {
      const { passkeyCreationOptions } = await passkeys();
      const options = await passkeyCreationOptions(c.var.db, c.var.viewer, await relyingPartyOf(c));
      return sendJson(c, options, 200);
    },
  )
  .post(
    '/',
    documented({
      tag,
      summary: 'Add the passkey the browser made, answering the challenge (once)',
      answers: { 201: passkeyAnswer },
      refusals: [400, 401, 409, 429],
    }),
    changesNoBoard,
    rateLimit('AUTH_LIMITER', 'passkey-add'),
    requireAuth,
    validate('json', addPasskeyInput),
    async (c) => {
      const input = c.req.valid('json');
      const { addPasskey } = await passkeys();
      const passkey = await addPasskey(c.var.db, c.var.viewer, await relyingPartyOf(c), input);
      return sendJson(c, { passkey }, 201);
    },
  )
  .delete(
    '/:id',
    documented({
      tag,
      summary: 'Remove one of your passkeys (your password stays)',
      answers: { 200: messageAnswer },
      refusals: [401, 404],
    }),
    changesNoBoard,
    requireAuth,
    async (c) => {
      await (await passkeys()).removePasskey(c.var.db, c.var.viewer.id, c.req.param('id'));
      return sendJson(c, { message: 'Passkey removed.' }, 200);
    },
  )
  .post(
    '/sign-in-options',
    documented({
      tag,
      summary: 'Start signing in with a passkey: a challenge good for 5 minutes, any account',
      answers: { 200: passkeyRequestOptions },
      refusals: [429],
    }),
    changesNoBoard,
    rateLimit('PASSKEY_LIMITER', 'sign-in-options'),
    async (c) => {
      const { passkeySignInOptions } = await passkeys();
      const options = await passkeySignInOptions(c.var.db, await relyingPartyOf(c));
      return sendJson(c, options, 200);
    },
  )
  .post(
    '/sign-in',
    documented({
      tag,
      summary:
        "Sign in with a passkey: the same session a password gives, never held by the account's wait after wrong passwords",
      answers: { 200: sessionAnswer },
      refusals: [400, 401, 429],
    }),
    changesNoBoard,
    rateLimit('AUTH_LIMITER', 'passkey-sign-in'),
    validate('json', passkeySignInInput),
    async (c) => {
      const { signInWithPasskey } = await passkeys();
      const { token, user, device } = await signInWithPasskey(
        c.var.db,
        c.env,
        await relyingPartyOf(c),
        c.req.valid('json'),
      );
      rememberDevice(c, user.id, device);
      return sendJson(c, { token, user }, 200);
    },
  );
