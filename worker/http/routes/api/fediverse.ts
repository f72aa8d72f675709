import { Hono } from 'hono';
import {
  fediverseFollowerApprovedAnswer,
  fediverseFollowerParam,
  fediverseFollowerRemovedAnswer,
  fediverseFollowersAnswer,
  fediverseProfileAnswer,
  fediverseProfileInput,
  remoteFollowAnswer,
  remoteFollowInput,
} from '../../../../schema/fediverse';
import { publicBoardOwner } from '../../../domain/boards/boards';
import { readAccountMoves } from '../../../domain/fediverse/actor-profile';
import type { answerFollower as AnswerFollower } from '../../../domain/fediverse/delivery';
import {
  approveFediverseFollower,
  listFediverseFollowers,
  removeFediverseFollower,
} from '../../../domain/fediverse/followers';
import { remoteFollowAddress } from '../../../domain/fediverse/remote-follow';
import type { AppEnv } from '../../app-env';
import { requireAuth } from '../../middleware/auth';
import { changesNoBoard } from '../../middleware/board-changes';
import { documented, sendJson } from '../../middleware/contract';
import { rateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';

const tag = 'Fediverse';

/** Tells a follower's server what the owner decided of their Follow (Fedify loads on first use). */
async function tellFollowerServer(...answer: Parameters<typeof AnswerFollower>) {
  const { answerFollower } = await import('../../../domain/fediverse/delivery');
  await answerFollower(...answer);
}

export const fediverseRoutes = new Hono<AppEnv>()
  .get(
    '/profile',
    documented({
      tag,
      summary:
        "Your board's fediverse account: the accounts you had before (alsoKnownAs) and where it moved (movedTo)",
      answers: { 200: fediverseProfileAnswer },
      refusals: [401],
    }),
    requireAuth,
    async (c) => sendJson(c, await readAccountMoves(c.var.db, c.var.viewer.id), 200),
  )
  .patch(
    '/profile',
    documented({
      tag,
      summary:
        'Name the accounts you had before (so one can move its followers here), or move the board to a new account that names it (its followers are sent a Move)',
      answers: { 200: fediverseProfileAnswer },
      refusals: [400, 401, 409, 429],
    }),
    changesNoBoard,
    requireAuth,
    rateLimit('UNFURL_LIMITER', 'fediverse-profile'),
    validate('json', fediverseProfileInput),
    async (c) => {
      // Fedify loads on first use: checking an account reads it from its server.
      const { updateAccountMoves } = await import('../../../domain/fediverse/account-moves');
      const { db, viewer } = c.var;
      const origin = new URL(c.req.url).origin;
      const input = c.req.valid('json');
      return sendJson(c, await updateAccountMoves(c.env, db, viewer, origin, input), 200);
    },
  )
  .get(
    '/followers',
    documented({
      tag,
      summary:
        'The people on other servers (Mastodon and the fediverse) who follow your board, latest first',
      answers: { 200: fediverseFollowersAnswer },
      refusals: [401],
    }),
    requireAuth,
    async (c) => sendJson(c, await listFediverseFollowers(c.var.db, c.var.viewer.id), 200),
  )
  .delete(
    '/followers/:id{[0-9]+}',
    documented({
      tag,
      summary:
        'Remove a follower from another server (their server is sent a Reject of their follow)',
      answers: { 200: fediverseFollowerRemovedAnswer },
      refusals: [401, 404],
    }),
    changesNoBoard,
    requireAuth,
    validate('param', fediverseFollowerParam),
    async (c) => {
      const { db, viewer } = c.var;
      const removed = await removeFediverseFollower(db, c.env, viewer.id, c.req.valid('param').id);
      await tellFollowerServer('reject', c.env, db, viewer, removed, new URL(c.req.url).origin);
      return sendJson(c, { removed: true }, 200);
    },
  )
  .post(
    '/followers/:id{[0-9]+}/approve',
    documented({
      tag,
      summary:
        'Let in a follow that waits for your approval (one server sent more than it may): their server is sent an Accept',
      answers: { 200: fediverseFollowerApprovedAnswer },
      refusals: [401, 404],
    }),
    changesNoBoard,
    requireAuth,
    validate('param', fediverseFollowerParam),
    async (c) => {
      const { db, viewer } = c.var;
      const approved = await approveFediverseFollower(db, viewer.id, c.req.valid('param').id);
      await tellFollowerServer('accept', c.env, db, viewer, approved, new URL(c.req.url).origin);
      return sendJson(c, { approved: true }, 200);
    },
  )
  .post(
    '/remote-follow',
    documented({
      tag,
      summary:
        "Follow a public board from your own fediverse account: answers your server's page for it (found by WebFinger)",
      answers: { 200: remoteFollowAnswer },
      refusals: [400, 404, 422, 429],
    }),
    changesNoBoard,
    rateLimit('UNFURL_LIMITER', 'remote-follow'),
    validate('json', remoteFollowInput),
    async (c) => {
      const { username, handle } = c.req.valid('json');
      const owner = await publicBoardOwner(c.var.db, username);
      const actorUrl = `${new URL(c.req.url).origin}/@${owner.username}`;
      const allowPrivate = c.env.UNFURL_PRIVATE_ADDRESSES === 'true';
      return sendJson(c, { url: await remoteFollowAddress(actorUrl, handle, allowPrivate) }, 200);
    },
  );
