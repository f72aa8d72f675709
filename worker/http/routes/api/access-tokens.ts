import { Hono } from 'hono';
import {
  accessTokensAnswer,
  createAccessTokenInput,
  createdAccessTokenAnswer,
} from '../../../../schema/access-tokens';
import { idParam } from '../../../../schema/fields';
import { messageAnswer } from '../../../../schema/users';
import {
  createAccessToken,
  listAccessTokens,
  revokeAccessToken,
} from '../../../domain/account/access-tokens';
import type { AppEnv } from '../../app-env';
import { requireAuth } from '../../middleware/auth';
import { changesNoBoard } from '../../middleware/board-changes';
import { documented, sendJson } from '../../middleware/contract';
import { idempotent } from '../../middleware/idempotency';
import { validate } from '../../middleware/validate';

const tag = 'Personal access tokens';
const tokenId = idParam('No such token on your account.');

/** Made, listed and revoked from a signed-in session only: a token never manages tokens. */
export const accessTokenRoutes = new Hono<AppEnv>()
  .get(
    '/',
    documented({
      tag,
      summary: 'Your personal access tokens, newest first: name, scopes, created, last used',
      answers: { 200: accessTokensAnswer },
      refusals: [401],
    }),
    requireAuth,
    async (c) => {
      const tokens = await listAccessTokens(c.var.db, c.var.viewer.id);
      return sendJson(c, { tokens }, 200);
    },
  )
  .post(
    '/',
    documented({
      tag,
      summary:
        'Create a personal access token for scripts: `read` and/or `blocks:write`. The `secret` (`up2_pat_…`) is in this answer only',
      answers: { 201: createdAccessTokenAnswer },
      refusals: [400, 401, 409],
    }),
    changesNoBoard,
    requireAuth,
    idempotent,
    validate('json', createAccessTokenInput),
    async (c) => {
      const created = await createAccessToken(c.var.db, c.var.viewer.id, c.req.valid('json'));
      return sendJson(c, created, 201);
    },
  )
  .delete(
    '/:id{[0-9]+}',
    documented({
      tag,
      summary: 'Revoke one of your tokens: the next call that sends it is refused',
      answers: { 200: messageAnswer },
      refusals: [401, 404],
    }),
    changesNoBoard,
    requireAuth,
    validate('param', tokenId),
    async (c) => {
      await revokeAccessToken(c.var.db, c.var.viewer.id, c.req.valid('param').id);
      return sendJson(c, { message: 'Token revoked.' }, 200);
    },
  );
