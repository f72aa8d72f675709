import { Hono } from 'hono';
import { deletedAnswer } from '../../../../schema/blocks';
import { idParam } from '../../../../schema/fields';
import { goalAnswer, goalChangeInput, goalInput, goalsAnswer } from '../../../../schema/goals';
import {
  createGoal,
  deleteGoal,
  listGoals,
  readTimeZone,
  updateGoal,
} from '../../../domain/year/goals';
import { readStreak } from '../../../domain/year/streaks';
import type { AppEnv } from '../../app-env';
import { requireAuth } from '../../middleware/auth';
import { boardWriterOf, changesBoard } from '../../middleware/board-changes';
import { documented, sendJson } from '../../middleware/contract';
import { validate } from '../../middleware/validate';

const goalId = idParam('This goal does not exist or is not yours.');
const tag = 'Goals';

/** `/api/goals`: the signed-in owner's goals (public ones show on their board) and streak. */
export const goalsRoutes = new Hono<AppEnv>()
  .get(
    '/',
    documented({
      tag,
      summary: 'Your goals of every year with their progress, your time zone and your streak',
      answers: { 200: goalsAnswer },
      refusals: [401],
    }),
    requireAuth,
    async (c) => {
      const { db, viewer } = c.var;
      const timeZone = await readTimeZone(db, viewer.id);
      const [goals, streak] = await Promise.all([
        listGoals(db, viewer.id, timeZone),
        readStreak(db, viewer.id, timeZone),
      ]);
      return sendJson(c, { goals, timeZone, streak }, 200);
    },
  )
  .post(
    '/',
    documented({
      tag,
      summary:
        'Set a goal: a number of blocks to finish in a year, of any kind, a category or a type',
      answers: { 201: goalAnswer },
      refusals: [400, 401, 409],
    }),
    changesBoard,
    requireAuth,
    validate('json', goalInput),
    async (c) => {
      const goal = await createGoal(boardWriterOf(c, c.var.viewer.id), c.req.valid('json'));
      return sendJson(c, { goal }, 201);
    },
  )
  .patch(
    '/:id{[0-9]+}',
    documented({
      tag,
      summary: 'Change one of your goals: its target, what it counts, or whether visitors see it',
      answers: { 200: goalAnswer },
      refusals: [400, 401, 404, 409],
    }),
    changesBoard,
    requireAuth,
    validate('param', goalId),
    validate('json', goalChangeInput),
    async (c) => {
      const { id } = c.req.valid('param');
      const goal = await updateGoal(boardWriterOf(c, c.var.viewer.id), id, c.req.valid('json'));
      return sendJson(c, { goal }, 200);
    },
  )
  .delete(
    '/:id{[0-9]+}',
    documented({
      tag,
      summary: 'Delete one of your goals',
      answers: { 200: deletedAnswer },
      refusals: [401, 404],
    }),
    changesBoard,
    requireAuth,
    validate('param', goalId),
    async (c) => {
      await deleteGoal(boardWriterOf(c, c.var.viewer.id), c.req.valid('param').id);
      return sendJson(c, { deleted: true }, 200);
    },
  );
