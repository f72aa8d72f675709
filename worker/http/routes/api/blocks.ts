import { Hono } from 'hono';
import {
  blockInput,
  blockMergeInput,
  blockOrderAnswer,
  blockOrderInput,
  blockPositionAnswer,
  blockPositionInput,
  blockUpdateInput,
  clickAnswer,
  clickInput,
  deletedBlockAnswer,
  duplicateBlocksAnswer,
  ownBlockAnswer,
  ownTabPage,
} from '../../../../schema/blocks';
import { ownTabParam, ownTabQuery, tabPageSize } from '../../../../schema/board-pages';
import { ownBlocksAnswer } from '../../../../schema/boards';
import { idParam } from '../../../../schema/fields';
import { recordVisit } from '../../../domain/analytics/views';
import {
  copyBlock,
  createBlock,
  findClickedBlock,
  moveBlock,
  reorderBlocks,
  setBlockProgress,
  updateBlock,
} from '../../../domain/blocks/blocks';
import { getBoardSettings } from '../../../domain/boards/boards';
import { emailNotification } from '../../../domain/notifications/notifications';
import type { Db } from '../../../platform/db';
import type { AppEnv } from '../../app-env';
import { optionalAuth, requireAuthOrToken } from '../../middleware/auth';
import { boardWriterOf, changesBoard, changesNoBoard } from '../../middleware/board-changes';
import { documented, sendJson } from '../../middleware/contract';
import { idempotent } from '../../middleware/idempotency';
import { rateLimit } from '../../middleware/rate-limit';
import { refuseOtherSites } from '../../middleware/same-origin';
import { validate } from '../../middleware/validate';
import { visitOf } from '../../visits';

const blockId = idParam('Block not found.');
const tag = 'Blocks';

/** A copy is news for the source block's owner: mailed after the answer, if they asked for mail. */
function mailCopiedOwner(
  db: Db,
  env: Env,
  ctx: { waitUntil(promise: Promise<unknown>): void },
  copierId: number,
  { copiedFromUserId }: { copiedFromUserId: number | null },
) {
  if (copiedFromUserId === null) return;
  const event = { recipientId: copiedFromUserId, kind: 'copied', actorId: copierId } as const;
  ctx.waitUntil(emailNotification(db, env, event));
}

/** An outside picture, copied into our store: the fetching code loads with the first write that brings one. */
async function keepImageHereLazily(
  ...args: Parameters<typeof import('../../../domain/images/outside-image').keepImageHere>
) {
  const { keepImageHere } = await import('../../../domain/images/outside-image');
  return keepImageHere(...args);
}

/** The owner's tabs page by page, and a block moved to a place: owner-only, loaded with the first. */
const ownTabs = () => import('../../../domain/blocks/own-tabs');

/** Deleting and restoring: owner-only writes, loaded with the first. */
const trash = () => import('../../../domain/blocks/trash');

export const blocksRoutes = new Hono<AppEnv>()
  .get(
    '/me',
    documented({
      tag,
      summary:
        'Your blocks, hidden ones included: each tab’s count and first page, and your board settings',
      answers: { 200: ownBlocksAnswer },
      refusals: [401],
      tokenScope: 'read',
    }),
    requireAuthOrToken('read'),
    async (c) => {
      const { db } = c.var;
      const { listOwnFirstPages } = await ownTabs();
      const [{ blocks, tabs }, board] = await Promise.all([
        listOwnFirstPages(db, c.var.viewer.id),
        getBoardSettings(db, c.var.viewer.id),
      ]);
      return sendJson(c, { blocks, tabs, board }, 200);
    },
  )
  .get(
    '/me/tabs/:status',
    documented({
      tag,
      summary: `${tabPageSize} more blocks of one of your tabs, after \`cursor\` (a \`next\` of /me or of a page)`,
      answers: { 200: ownTabPage },
      refusals: [400, 401],
      tokenScope: 'read',
    }),
    requireAuthOrToken('read'),
    validate('param', ownTabParam),
    validate('query', ownTabQuery),
    async (c) => {
      const { listOwnTab } = await ownTabs();
      const { status } = c.req.valid('param');
      const page = await listOwnTab(c.var.db, c.var.viewer.id, status, c.req.valid('query').cursor);
      return sendJson(c, page, 200);
    },
  )
  .get(
    '/duplicates',
    documented({
      tag,
      summary:
        'Pairs of your blocks that hold the same work (by an identifier, or by type, title and year or author), to merge',
      answers: { 200: duplicateBlocksAnswer },
      refusals: [401],
      tokenScope: 'read',
    }),
    requireAuthOrToken('read'),
    async (c) => {
      const { findDuplicateBlocks } = await import('../../../domain/blocks/merge');
      const pairs = await findDuplicateBlocks(c.var.db, c.var.viewer.id);
      return sendJson(c, { pairs }, 200);
    },
  )
  .post(
    '/:id{[0-9]+}/merge',
    documented({
      tag,
      summary:
        'Merge block `from` into this one: it keeps the other’s story, clicks, copies and empty fields filled, and the other goes',
      answers: { 200: ownBlockAnswer },
      refusals: [400, 401, 404],
      tokenScope: 'blocks:write',
    }),
    changesBoard,
    requireAuthOrToken('blocks:write'),
    validate('param', blockId),
    validate('json', blockMergeInput),
    async (c) => {
      const writer = boardWriterOf(c, c.var.viewer.id);
      const { mergeBlocks } = await import('../../../domain/blocks/merge');
      const block = await mergeBlocks(writer, c.req.valid('param').id, c.req.valid('json').from);
      return sendJson(c, { block }, 200);
    },
  )
  .put(
    '/order',
    documented({
      tag,
      summary:
        'Put the blocks of one of your tabs in order: `ids` lists exactly the blocks of that status, first to last',
      answers: { 200: blockOrderAnswer },
      refusals: [400, 401],
      tokenScope: 'blocks:write',
    }),
    changesBoard,
    requireAuthOrToken('blocks:write'),
    validate('json', blockOrderInput),
    async (c) => {
      const { status, ids } = c.req.valid('json');
      await reorderBlocks(boardWriterOf(c, c.var.viewer.id), status, ids);
      return sendJson(c, { status, ids }, 200);
    },
  )
  .put(
    '/:id{[0-9]+}/position',
    documented({
      tag,
      summary: 'Put one of your blocks in tab `status` after block `after` (null: first)',
      answers: { 200: blockPositionAnswer },
      refusals: [400, 401, 404],
      tokenScope: 'blocks:write',
    }),
    changesBoard,
    requireAuthOrToken('blocks:write'),
    validate('param', blockId),
    validate('json', blockPositionInput),
    async (c) => {
      const { placeBlock } = await ownTabs();
      const { status, after } = c.req.valid('json');
      const writer = boardWriterOf(c, c.var.viewer.id);
      const block = await placeBlock(writer, c.req.valid('param').id, status, after);
      return sendJson(c, { block }, 200);
    },
  )
  .post(
    '/',
    documented({
      tag,
      summary: 'Add a block to your board',
      answers: { 201: ownBlockAnswer },
      refusals: [400, 401, 409, 422, 429],
      tokenScope: 'blocks:write',
    }),
    changesBoard,
    requireAuthOrToken('blocks:write'),
    idempotent,
    validate('json', blockInput),
    async (c) => {
      const { db, viewer } = c.var;
      const input = c.req.valid('json');
      const imageUrl = await keepImageHereLazily(db, c.env, viewer.id, input.imageUrl);
      const block = await createBlock(boardWriterOf(c, viewer.id), { ...input, imageUrl });
      mailCopiedOwner(c.var.db, c.env, c.executionCtx, c.var.viewer.id, block);
      return sendJson(c, { block }, 201);
    },
  )
  .put(
    '/:id{[0-9]+}',
    documented({
      tag,
      summary:
        'Change one of your blocks: the whole block, `{ status }` alone to move it, or `{ progress }` alone',
      answers: { 200: ownBlockAnswer },
      refusals: [400, 401, 404, 422, 429],
      tokenScope: 'blocks:write',
    }),
    changesBoard,
    requireAuthOrToken('blocks:write'),
    validate('param', blockId),
    validate('json', blockUpdateInput),
    async (c) => {
      const { db } = c.var;
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const userId = c.var.viewer.id;
      const writer = boardWriterOf(c, userId);
      const block =
        input.kind === 'edit'
          ? await updateBlock(writer, id, {
              ...input.block,
              imageUrl: await keepImageHereLazily(db, c.env, userId, input.block.imageUrl),
            })
          : input.kind === 'move'
            ? await moveBlock(writer, id, input.status)
            : await setBlockProgress(writer, id, input.progress);
      return sendJson(c, { block }, 200);
    },
  )
  .delete(
    '/:id{[0-9]+}',
    documented({
      tag,
      summary:
        'Delete one of your blocks: gone from every public place at once, and restorable until `undoUntil` (ms)',
      answers: { 200: deletedBlockAnswer },
      refusals: [401, 404],
      tokenScope: 'blocks:write',
    }),
    changesBoard,
    requireAuthOrToken('blocks:write'),
    validate('param', blockId),
    async (c) => {
      const writer = boardWriterOf(c, c.var.viewer.id);
      const { undoUntil } = await (await trash()).deleteBlock(writer, c.req.valid('param').id);
      return sendJson(c, { deleted: true, undoUntil }, 200);
    },
  )
  .post(
    '/:id{[0-9]+}/restore',
    documented({
      tag,
      summary:
        'Bring back a block you deleted, as it was (place, story, counts), while its undo window lasts',
      answers: { 200: ownBlockAnswer },
      refusals: [401, 404, 409],
      tokenScope: 'blocks:write',
    }),
    changesBoard,
    requireAuthOrToken('blocks:write'),
    validate('param', blockId),
    async (c) => {
      const writer = boardWriterOf(c, c.var.viewer.id);
      const block = await (await trash()).restoreBlock(writer, c.req.valid('param').id);
      return sendJson(c, { block }, 200);
    },
  )
  .post(
    '/:id{[0-9]+}/copy',
    documented({
      tag,
      summary: "Copy a block from someone's public board onto yours, as Planned",
      answers: { 201: ownBlockAnswer },
      refusals: [400, 401, 404, 409],
      tokenScope: 'blocks:write',
    }),
    // The copier's board gains the block. The source's copy count is not shown on boards, and a
    // bump per copy would hit a popular board's key harder than KV allows: it catches up with
    // the source's next edit or the cache entry's expiry.
    changesBoard,
    requireAuthOrToken('blocks:write'),
    idempotent,
    validate('param', blockId),
    async (c) => {
      const writer = boardWriterOf(c, c.var.viewer.id);
      const block = await copyBlock(writer, c.req.valid('param').id);
      mailCopiedOwner(c.var.db, c.env, c.executionCtx, c.var.viewer.id, block);
      return sendJson(c, { block }, 201);
    },
  )
  .post(
    '/:id{[0-9]+}/click',
    documented({
      tag,
      summary:
        'Count a "Visit Link" click on a block anyone may see (from our own pages, as JSON); once per visitor in 30 minutes',
      answers: { 200: clickAnswer },
      refusals: [403, 404, 415, 429],
    }),
    changesNoBoard,
    refuseOtherSites,
    rateLimit('CLICK_LIMITER', 'click'),
    optionalAuth,
    validate('param', blockId),
    validate('json', clickInput),
    async (c) => {
      const viewerId = c.var.viewer?.id ?? null;
      const { boardId, isOwn } = await findClickedBlock(
        c.var.db,
        c.req.valid('param').id,
        viewerId,
      );
      // The owner following their own link is not a click; counted after the answer is sent.
      const visit = visitOf(c.req.raw, c.req.valid('param').id);
      if (!isOwn) c.executionCtx.waitUntil(recordVisit(c.env, boardId, visit));
      return sendJson(c, { recorded: !isOwn }, 200);
    },
  );
