import { Hono } from 'hono';
import { idParam } from '../../../../schema/fields';
import {
  sourceCheckAnswer,
  sourceCreatedAnswer,
  sourceDeletedAnswer,
  sourceInput,
  sourceListAnswer,
  sourcePreviewAnswer,
  sourcePreviewInput,
  sourceUpdateInput,
} from '../../../../schema/sources';
import type { AppEnv } from '../../app-env';
import { requireAuth } from '../../middleware/auth';
import { boardWriterOf, changesBoard, changesNoBoard } from '../../middleware/board-changes';
import { documented, sendJson } from '../../middleware/contract';
import { idempotent } from '../../middleware/idempotency';
import { rateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';

const tag = 'Sources';
// The feed readers and parsers (0.25 MB) load with an isolate's first call about sources.
const sources = () => import('../../../domain/sources/sources');
const sourceId = idParam('This source does not exist or is not yours.');
const fetchRules =
  'The feed is read as link previews are: http and https links only, no private addresses, at most 3 redirects, 2 MB and 5 seconds.';

/**
 * Sources that keep a board current (issue 26): a Letterboxd diary, a Goodreads or BookWyrm shelf,
 * any RSS, Atom or JSON Feed. Each is the signed-in owner's alone: another person's is a 404.
 */
export const sourcesRoutes = new Hono<AppEnv>()
  .post(
    '/preview',
    documented({
      tag,
      summary:
        'What connecting a feed (or a page that announces one) would make: its kind, title, shelves and blocks. Writes nothing',
      description: fetchRules,
      answers: { 200: sourcePreviewAnswer },
      refusals: [400, 401, 422, 429],
    }),
    changesNoBoard,
    requireAuth,
    validate('json', sourcePreviewInput),
    rateLimit('UNFURL_LIMITER', 'source-preview', (c) => String(c.var.viewer?.id)),
    async (c) => {
      const preview = await (await sources()).previewSource(
        c.var.db,
        c.env,
        c.var.viewer.id,
        c.req.valid('json').url,
      );
      return sendJson(c, preview, 200);
    },
  )
  .get(
    '/',
    documented({
      tag,
      summary: 'Your sources, with their state (ok, failing, paused), last check and blocks made',
      answers: { 200: sourceListAnswer },
      refusals: [401],
    }),
    requireAuth,
    async (c) => sendJson(c, await (await sources()).listSources(c.var.db, c.var.viewer.id), 200),
  )
  .post(
    '/',
    documented({
      tag,
      summary:
        'Connect a feed: its blocks are made at once, then it is checked every 30 minutes. At most 20 per board',
      description: fetchRules,
      answers: { 201: sourceCreatedAnswer },
      refusals: [400, 401, 409, 422, 429],
    }),
    changesBoard,
    requireAuth,
    idempotent,
    validate('json', sourceInput),
    rateLimit('UNFURL_LIMITER', 'source-add', (c) => String(c.var.viewer?.id)),
    async (c) => {
      const { url, options } = c.req.valid('json');
      const source = await (await sources()).addSource(
        boardWriterOf(c, c.var.viewer.id),
        url,
        options ?? {},
      );
      return sendJson(c, { source }, 201);
    },
  )
  .post(
    '/:id/check',
    documented({
      tag,
      summary: 'Check a source now (once a minute per source) and apply what is new',
      answers: { 200: sourceCheckAnswer },
      refusals: [400, 401, 404, 429],
    }),
    changesBoard,
    requireAuth,
    validate('param', sourceId),
    async (c) => {
      const board = boardWriterOf(c, c.var.viewer.id);
      const checked = await (await sources()).checkSourceNow(board, c.req.valid('param').id);
      return sendJson(c, checked, 200);
    },
  )
  .patch(
    '/:id',
    documented({
      tag,
      summary:
        "Change a source's options (shelves, hidden start, one block per item) or pause and resume it; resuming clears its failures",
      answers: { 200: sourceCreatedAnswer },
      refusals: [400, 401, 404],
    }),
    changesNoBoard,
    requireAuth,
    validate('param', sourceId),
    validate('json', sourceUpdateInput),
    async (c) => {
      const { id } = c.req.valid('param');
      const source = await (await sources()).updateSource(
        c.var.db,
        c.var.viewer.id,
        id,
        c.req.valid('json'),
      );
      return sendJson(c, { source }, 200);
    },
  )
  .delete(
    '/:id',
    documented({
      tag,
      summary: 'Disconnect a source; the blocks it made stay on your board',
      answers: { 200: sourceDeletedAnswer },
      refusals: [400, 401, 404],
    }),
    changesNoBoard,
    requireAuth,
    validate('param', sourceId),
    async (c) => {
      await (await sources()).deleteSource(c.var.db, c.var.viewer.id, c.req.valid('param').id);
      return sendJson(c, { deleted: true }, 200);
    },
  );
