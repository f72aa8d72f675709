import { Hono } from 'hono';
import {
  auditEntry,
  auditLog,
  moderationActionInput,
  reportIdParam,
  reportQueue,
} from '../../../../schema/moderation';
import { actOnReport, mailOwner, toAuditEntry } from '../../../domain/moderation/actions';
import { auditLogOf, reportQueue as queueOf } from '../../../domain/moderation/queue';
import type { AppEnv } from '../../app-env';
import { requireAuth, requireModerator } from '../../middleware/auth';
import { boardWriterOf, changesBoard } from '../../middleware/board-changes';
import { documented, sendJson } from '../../middleware/contract';
import { validate } from '../../middleware/validate';

const tag = 'Moderation';

export const moderationRoutes = new Hono<AppEnv>()
  .get(
    '/reports',
    documented({
      tag,
      summary:
        'Open reports grouped by board, newest first, with what was reported, the board now, its age and history (moderators only)',
      answers: { 200: reportQueue },
      refusals: [401, 403],
    }),
    requireAuth,
    requireModerator,
    async (c) => sendJson(c, await queueOf(c.var.db), 200),
  )
  .post(
    '/reports/:id{[0-9]+}/actions',
    documented({
      tag,
      summary:
        "Act on a report's board with a note: dismiss, hide the block, keep off Discover, suspend or unsuspend (moderators only)",
      answers: { 201: auditEntry },
      refusals: [400, 401, 403, 404, 409],
    }),
    changesBoard,
    requireAuth,
    requireModerator,
    validate('param', reportIdParam),
    validate('json', moderationActionInput),
    async (c) => {
      const { action, board } = await actOnReport(
        (boardId) => boardWriterOf(c, boardId),
        c.var.db,
        c.var.viewer.id,
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      c.executionCtx.waitUntil(mailOwner(c.env, board, action));
      const entry = { action, board: board.username, moderator: c.var.viewer.username };
      return sendJson(c, toAuditEntry(entry), 201);
    },
  )
  .get(
    '/audit',
    documented({
      tag,
      summary: 'Every moderation action, newest first: who, when, what and why (moderators only)',
      answers: { 200: auditLog },
      refusals: [401, 403],
    }),
    requireAuth,
    requireModerator,
    async (c) => sendJson(c, await auditLogOf(c.var.db), 200),
  );
