import { type Context, Hono } from 'hono';
import { deletedAnswer } from '../../../../schema/blocks';
import {
  auditEntry,
  auditEntryIdParam,
  auditLog,
  auditLogAnswer,
  bulkModerationInput,
  domainBlockAnswer,
  domainBlockIdParam,
  domainBlockInput,
  domainBlocksAnswer,
  moderationActionInput,
  reportedImageParam,
  reportIdParam,
  reportQueue,
  reversalInput,
} from '../../../../schema/moderation';
import {
  addDomainBlock,
  listDomainBlocks,
  removeDomainBlock,
} from '../../../domain/moderation/domain-blocks';
import type { AppEnv } from '../../app-env';
import { requireAuth, requireModerator, type SignedInEnv } from '../../middleware/auth';
import { boardWriterOf, changesBoard, changesNoBoard } from '../../middleware/board-changes';
import { documented, sendJson } from '../../middleware/contract';
import { validate } from '../../middleware/validate';

const tag = 'Moderation';

// The moderators' own code (the queue, the audit log, carrying out actions) loads with their first
// request: no reader's isolate starts with it.
const moderatorQueue = () => import('../../../domain/moderation/queue');
const moderatorActions = () => import('../../../domain/moderation/actions');
const moderatorReversal = () => import('../../../domain/moderation/reversal');
const reportImages = () => import('../../../domain/moderation/report-images');

/** What the moderators' code needs of a request, signed in as a moderator. */
const moderatorRequest = <E extends SignedInEnv>(c: Context<E>) => ({
  db: c.var.db,
  env: c.env,
  moderator: c.var.viewer,
  writerOf: (boardId: number) => boardWriterOf(c, boardId),
  afterAnswer: (work: Promise<unknown>) => c.executionCtx.waitUntil(work),
});

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
    async (c) => sendJson(c, await (await moderatorQueue()).reportQueue(c.var.db), 200),
  )
  .get(
    '/reports/:id{[0-9]+}/images/:image{block|avatar}',
    documented({
      tag,
      summary:
        "The copy a report kept of the reported block's image, or of the board's avatar (moderators only)",
      answers: { 200: { contentType: 'image/*' } },
      refusals: [401, 403, 404],
    }),
    requireAuth,
    requireModerator,
    validate('param', reportedImageParam),
    async (c) => {
      const { id, image } = c.req.valid('param');
      const copy = await (await reportImages()).reportedImage(c.var.db, c.env, id, image);
      const headers = new Headers();
      copy.writeHttpMetadata(headers);
      // Evidence for moderators only: no shared cache keeps it, nor outlives its report.
      headers.set('cache-control', 'private, no-store');
      return new Response(copy.body, { headers });
    },
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
      const { takeAction } = await moderatorActions();
      const { id } = c.req.valid('param');
      return sendJson(c, await takeAction(moderatorRequest(c), id, c.req.valid('json')), 201);
    },
  )
  .post(
    '/reports/actions',
    documented({
      tag,
      summary: 'One action on the boards of up to 100 reports, all or none (moderators only)',
      answers: { 201: auditLog },
      refusals: [400, 401, 403, 404, 409],
    }),
    changesBoard,
    requireAuth,
    requireModerator,
    validate('json', bulkModerationInput),
    async (c) => {
      const { takeActions } = await moderatorActions();
      const { reportIds, ...input } = c.req.valid('json');
      const actions = await takeActions(moderatorRequest(c), reportIds, input);
      return sendJson(c, { actions }, 201);
    },
  )
  .get(
    '/audit',
    documented({
      tag,
      summary: 'Every moderation action, newest first: who, when, what and why (moderators only)',
      answers: { 200: auditLogAnswer },
      refusals: [401, 403],
    }),
    requireAuth,
    requireModerator,
    async (c) => sendJson(c, await (await moderatorQueue()).auditLogOf(c.var.db), 200),
  )
  .post(
    '/audit/:id{[0-9]+}/reverse',
    documented({
      tag,
      summary: 'Reverse an audited action, with a note told to the owner (moderators only)',
      answers: { 201: auditEntry },
      refusals: [400, 401, 403, 404, 409],
    }),
    changesBoard,
    requireAuth,
    requireModerator,
    validate('param', auditEntryIdParam),
    validate('json', reversalInput),
    async (c) => {
      const { reverseAction } = await moderatorReversal();
      const { id } = c.req.valid('param');
      return sendJson(
        c,
        await reverseAction(moderatorRequest(c), id, c.req.valid('json').note),
        201,
      );
    },
  )
  .get(
    '/domains',
    documented({
      tag,
      summary:
        'Instance-wide domain blocks, newest first: servers suspended or limited, sites whose links are blocked (moderators only)',
      answers: { 200: domainBlocksAnswer },
      refusals: [401, 403],
    }),
    requireAuth,
    requireModerator,
    async (c) => sendJson(c, await listDomainBlocks(c.var.db), 200),
  )
  .post(
    '/domains',
    documented({
      tag,
      summary:
        'Block a domain and its subdomains with a note: suspend a server (refused, its follows removed, sent nothing), limit it (its follows wait for approval) or block links to a site (moderators only)',
      answers: { 201: domainBlockAnswer },
      refusals: [400, 401, 403, 409],
    }),
    changesNoBoard,
    requireAuth,
    requireModerator,
    validate('json', domainBlockInput),
    async (c) => {
      const block = await addDomainBlock(c.var.db, c.env, c.var.viewer, c.req.valid('json'));
      return sendJson(c, block, 201);
    },
  )
  .delete(
    '/domains/:id{[0-9]+}',
    documented({
      tag,
      summary: 'Lift a domain block (moderators only)',
      answers: { 200: deletedAnswer },
      refusals: [401, 403, 404],
    }),
    changesNoBoard,
    requireAuth,
    requireModerator,
    validate('param', domainBlockIdParam),
    async (c) => {
      const { id } = c.req.valid('param');
      return sendJson(c, await removeDomainBlock(c.var.db, c.env, c.var.viewer.id, id), 200);
    },
  );
