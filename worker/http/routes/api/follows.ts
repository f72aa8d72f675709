import { Hono } from 'hono';
import {
  followAnswer,
  followedBoardsAnswer,
  followingFeedAnswer,
  followingFeedQuery,
  followParam,
} from '../../../../schema/follows';
import {
  followBoard,
  listFollowedBoards,
  readFollowingFeed,
  unfollowBoard,
} from '../../../domain/follows/follows';
import { emailNotification } from '../../../domain/notifications/notifications';
import type { AppEnv } from '../../app-env';
import { requireAuth } from '../../middleware/auth';
import { changesNoBoard } from '../../middleware/board-changes';
import { documented, sendJson } from '../../middleware/contract';
import { validate } from '../../middleware/validate';

const tag = 'Follows';

/** Following boards: who follows whom is the follower's own business, so every call signs in. */
export const followsRoutes = new Hono<AppEnv>()
  .get(
    '/',
    documented({
      tag,
      summary: 'The public boards you follow, latest followed first',
      answers: { 200: followedBoardsAnswer },
      refusals: [401],
    }),
    requireAuth,
    async (c) => sendJson(c, await listFollowedBoards(c.var.db, c.var.viewer.id), 200),
  )
  .post(
    '/:username',
    documented({
      tag,
      summary: 'Follow a public board: its news comes to your Following page (again: no change)',
      answers: { 200: followAnswer },
      refusals: [400, 401, 404, 409],
    }),
    changesNoBoard,
    requireAuth,
    validate('param', followParam),
    async (c) => {
      const owner = await followBoard(c.var.db, c.var.viewer, c.req.valid('param').username);
      const event = { recipientId: owner.id, kind: 'followed', actorId: c.var.viewer.id } as const;
      c.executionCtx.waitUntil(emailNotification(c.var.db, c.env, event));
      return sendJson(c, { following: true }, 200);
    },
  )
  .delete(
    '/:username',
    documented({
      tag,
      summary: 'Stop following a board (again: no change)',
      answers: { 200: followAnswer },
      refusals: [400, 401, 404],
    }),
    changesNoBoard,
    requireAuth,
    validate('param', followParam),
    async (c) => {
      await unfollowBoard(c.var.db, c.var.viewer, c.req.valid('param').username);
      return sendJson(c, { following: false }, 200);
    },
  );

export const followingRoutes = new Hono<AppEnv>().get(
  '/feed',
  documented({
    tag,
    summary:
      'The latest news of the boards you follow, newest first; `cursor` is the `nextCursor` of the page before',
    answers: { 200: followingFeedAnswer },
    refusals: [400, 401],
  }),
  requireAuth,
  validate('query', followingFeedQuery),
  async (c) => {
    const { cursor } = c.req.valid('query');
    const feed = await readFollowingFeed(c.var.db, c.var.viewer.id, cursor);
    return sendJson(c, feed, 200);
  },
);
