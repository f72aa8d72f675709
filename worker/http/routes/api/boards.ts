import { Hono } from 'hono';
import { z } from 'zod';
import {
  boardBlocksAnswer,
  boardBlocksQuery,
  boardPageQuery,
  tabCursorText,
  tabPageAskedIn,
  tabPageSearch,
} from '../../../../schema/board-pages';
import {
  boardSettingsAnswer,
  boardSettingsInput,
  ownBoardAnswer,
  publicBoardAnswer,
} from '../../../../schema/boards';
import { yearFigures, yearParam } from '../../../../schema/years';
import { recordVisit } from '../../../domain/analytics/views';
import { findPublicTabPage, getBoard, updateBoardSettings } from '../../../domain/boards/boards';
import { readYearFigures } from '../../../domain/year/figures';
import { answeringOf } from '../../../platform/edge-cache';
import type { AppEnv } from '../../app-env';
import { cachedBoardResponse } from '../../board-cache';
import { optionalAuthOrToken, requireAuth } from '../../middleware/auth';
import { boardWriterOf, changesBoard } from '../../middleware/board-changes';
import { documented, sendJson } from '../../middleware/contract';
import { validate } from '../../middleware/validate';
import { visitOf } from '../../visits';

const boardParam = z.strictObject({
  username: z
    .string()
    .trim()
    .max(100)
    .transform((name) => name.replace(/^@/, '').toLowerCase()),
});
const tag = 'Boards';

export const boardsRoutes = new Hono<AppEnv>()
  .put(
    '/me',
    documented({
      tag,
      summary: 'Change your board-wide image ratio or hide all images',
      answers: { 200: boardSettingsAnswer },
      refusals: [400, 401],
    }),
    changesBoard,
    requireAuth,
    validate('json', boardSettingsInput),
    async (c) => {
      const writer = boardWriterOf(c, c.var.viewer.id);
      const board = await updateBoardSettings(writer, c.req.valid('json'));
      return sendJson(c, { board }, 200);
    },
  )
  .get(
    '/:username',
    documented({
      tag,
      summary:
        "A board: each tab's first page (or, with `?now|planned|done=<cursor>`, that tab's next page) as visitors see it, or to its signed-in owner with hidden blocks",
      answers: { 200: z.union([publicBoardAnswer, ownBoardAnswer]) },
      refusals: [404],
      tokenScope: 'read',
    }),
    optionalAuthOrToken('read'),
    validate('param', boardParam),
    validate('query', boardPageQuery),
    async (c) => {
      const { username } = c.req.valid('param');
      const { viewer } = c.var;
      const asked = tabPageAskedIn(new URL(c.req.url).searchParams);
      // Anyone signed in gets their own rendition (the owner sees hidden blocks), never a cached one.
      if (viewer) {
        const { owner, isOwner, board, blocks, tabs } = await getBoard(
          c.var.db,
          username,
          viewer,
          asked,
        );
        const shown = { board, blocks, tabs, user: owner };
        if (isOwner) return sendJson(c, shown, 200, ownBoardAnswer);
        // Counted after the answer is sent; an owner looking at their own board is not a view.
        c.executionCtx.waitUntil(recordVisit(c.env, owner.id, visitOf(c.req.raw)));
        return sendJson(c, shown, 200, publicBoardAnswer);
      }
      const answering = answeringOf(c);
      const variant = tabPageSearch(asked) || undefined;
      return cachedBoardResponse(answering, { kind: 'api', username, variant }, async (db) => {
        const { owner, board, blocks, tabs } = await getBoard(db, username, null, asked);
        const response = sendJson(c, { board, blocks, tabs, user: owner }, 200, publicBoardAnswer);
        return { response, boardId: owner.id };
      });
    },
  )
  .get(
    '/:username/blocks',
    documented({
      tag,
      summary:
        "One page of a board's tab (visible blocks, in board order): the first, or the one after `cursor`, with the path of the next",
      answers: { 200: boardBlocksAnswer },
      refusals: [400, 404],
    }),
    validate('param', boardParam),
    validate('query', boardBlocksQuery),
    (c) => {
      const { username } = c.req.valid('param');
      const { status, cursor } = c.req.valid('query');
      const answering = answeringOf(c);
      const variant = `${status}/${cursor ? tabCursorText(cursor) : 'first'}`;
      return cachedBoardResponse(answering, { kind: 'tab-api', username, variant }, async (db) => {
        const { ownerId, ...page } = await findPublicTabPage(db, username, status, cursor ?? null);
        return { response: sendJson(c, page, 200), boardId: ownerId };
      });
    },
  )
  .get(
    '/:username/years/:year',
    documented({
      tag,
      summary:
        "A board's year in review: what it finished, its goals, its busiest month (public blocks only)",
      answers: { 200: yearFigures },
      refusals: [400, 404],
    }),
    validate('param', yearParam),
    (c) => {
      const { username, year } = c.req.valid('param');
      const answering = answeringOf(c);
      const board = { kind: 'year-api', username, variant: String(year) } as const;
      return cachedBoardResponse(answering, board, async (db) => {
        const { ownerId, figures } = await readYearFigures(db, username, year);
        return { response: sendJson(c, figures, 200), boardId: ownerId };
      });
    },
  );
