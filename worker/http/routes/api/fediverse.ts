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
import {
  blockAnswer,
  blockedAnswer,
  blockedParam,
  blockInput,
  fediverseInteractionParam,
  fediverseInteractionsAnswer,
  interactionsQuery,
  replyHiddenAnswer,
  replyHiddenInput,
  unblockedAnswer,
} from '../../../../schema/fediverse-interactions';
import { publicBoardOwner } from '../../../domain/boards/boards';
import { readAccountMoves } from '../../../domain/fediverse/account-move-records';
import type { answerFollower as AnswerFollower } from '../../../domain/fediverse/delivery';
import {
  approveFediverseFollower,
  listFediverseFollowers,
  removeFediverseFollower,
} from '../../../domain/fediverse/followers';
import type { AppEnv } from '../../app-env';
import { requireAuth } from '../../middleware/auth';
import { boardWriterOf, changesBoard, changesNoBoard } from '../../middleware/board-changes';
import { documented, sendJson } from '../../middleware/contract';
import { rateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';

const tag = 'Fediverse';

/** Tells a follower's server what the owner decided of their Follow (Fedify loads on first use). */
async function tellFollowerServer(...answer: Parameters<typeof AnswerFollower>) {
  const { answerFollower } = await import('../../../domain/fediverse/delivery');
  await answerFollower(...answer);
}

/** Likes, boosts, replies and blocks: the owner's, loaded on first use, out of the start-up (0048). */
const interactions = () => import('../../../domain/fediverse/interactions');

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
    changesBoard,
    requireAuth,
    rateLimit('UNFURL_LIMITER', 'fediverse-profile'),
    validate('json', fediverseProfileInput),
    async (c) => {
      // Fedify loads on first use: checking an account reads it from its server.
      const { updateAccountMoves } = await import('../../../domain/fediverse/account-moves');
      const { viewer } = c.var;
      const writer = boardWriterOf(c, viewer.id);
      return sendJson(c, await updateAccountMoves(writer, viewer, c.req.valid('json')), 200);
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
      // Asking the person's server loads the outside-fetch code, which no reader needs.
      const { remoteFollowAddress } = await import('../../../domain/fediverse/remote-follow');
      return sendJson(c, { url: await remoteFollowAddress(actorUrl, handle, allowPrivate) }, 200);
    },
  )
  .get(
    '/interactions',
    documented({
      tag,
      summary:
        'The likes, boosts and replies your stories got from other servers, newest first, a page at a time (only you see them)',
      answers: { 200: fediverseInteractionsAnswer },
      refusals: [400, 401],
    }),
    requireAuth,
    validate('query', interactionsQuery),
    async (c) => {
      const { listInteractions } = await interactions();
      const { before } = c.req.valid('query');
      return sendJson(c, await listInteractions(c.var.db, c.var.viewer.id, before), 200);
    },
  )
  .put(
    '/interactions/:id{[0-9]+}/hidden',
    documented({
      tag,
      summary: 'Hide a reply to one of your stories, or show it again',
      answers: { 200: replyHiddenAnswer },
      refusals: [400, 401, 404],
    }),
    changesNoBoard,
    requireAuth,
    validate('param', fediverseInteractionParam),
    validate('json', replyHiddenInput),
    async (c) => {
      const { setReplyHidden } = await interactions();
      const { hidden } = c.req.valid('json');
      await setReplyHidden(c.var.db, c.var.viewer.id, c.req.valid('param').id, hidden);
      return sendJson(c, { hidden }, 200);
    },
  )
  .get(
    '/blocked',
    documented({
      tag,
      summary: 'The accounts and servers of the fediverse you blocked from your board',
      answers: { 200: blockedAnswer },
      refusals: [401],
    }),
    requireAuth,
    async (c) => {
      const { listBlocked } = await interactions();
      return sendJson(c, await listBlocked(c.var.db, c.var.viewer.id), 200);
    },
  )
  .post(
    '/blocked',
    documented({
      tag,
      summary:
        'Block from your board the account of a like, boost or reply, or its whole server: its likes, boosts, replies and follows leave (their server is sent a Reject of each follow), and its activities are refused from then on',
      answers: { 200: blockAnswer },
      refusals: [400, 401, 404],
    }),
    changesNoBoard,
    requireAuth,
    validate('json', blockInput),
    async (c) => {
      const { blockFromBoard } = await interactions();
      const { db, viewer } = c.var;
      const follows = await blockFromBoard(db, c.env, viewer.id, c.req.valid('json'));
      const origin = new URL(c.req.url).origin;
      for (const follow of follows) {
        await tellFollowerServer('reject', c.env, db, viewer, follow, origin);
      }
      return sendJson(c, { followsRemoved: follows.length }, 200);
    },
  )
  .delete(
    '/blocked/:id{[0-9]+}',
    documented({
      tag,
      summary: 'Lift a block: that account or server may follow and answer your board again',
      answers: { 200: unblockedAnswer },
      refusals: [401, 404],
    }),
    changesNoBoard,
    requireAuth,
    validate('param', blockedParam),
    async (c) => {
      const { unblock } = await interactions();
      await unblock(c.var.db, c.var.viewer.id, c.req.valid('param').id);
      return sendJson(c, { unblocked: true }, 200);
    },
  );
