import { Hono } from 'hono';
import { blockInput, blockUpdateInput } from '../../schema/blocks';
import { idParam } from '../../schema/fields';
import { optionalAuth, requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';
import {
  copyBlock,
  createBlock,
  deleteBlock,
  listBlocks,
  moveBlock,
  recordClick,
  toBlock,
  updateBlock,
} from '../services/blocks';
import { bumpBoardVersion } from '../services/board-cache';
import { getBoardSettings } from '../services/boards';
import { getDb } from '../services/db';
import type { AppEnv } from '../types';

const blockId = idParam('Block not found.');

export const blocksRoutes = new Hono<AppEnv>()
  .get('/me', requireAuth, async (c) => {
    const db = getDb(c.env);
    const [rows, board] = await Promise.all([
      listBlocks(db, c.var.viewer.id, { visibleOnly: false }),
      getBoardSettings(db, c.var.viewer.id),
    ]);
    return c.json({ blocks: rows.map(toBlock), board }, 200);
  })
  .post('/', requireAuth, validate('json', blockInput), async (c) => {
    const block = await createBlock(getDb(c.env), c.var.viewer.id, c.req.valid('json'));
    await bumpBoardVersion(c, c.var.viewer.username);
    return c.json({ block: toBlock(block) }, 201);
  })
  .put(
    '/:id{[0-9]+}',
    requireAuth,
    validate('param', blockId),
    validate('json', blockUpdateInput),
    async (c) => {
      const db = getDb(c.env);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const block =
        input.kind === 'edit'
          ? await updateBlock(db, id, c.var.viewer.id, input.block)
          : await moveBlock(db, id, c.var.viewer.id, input.status);
      await bumpBoardVersion(c, c.var.viewer.username);
      return c.json({ block: toBlock(block) }, 200);
    },
  )
  .delete('/:id{[0-9]+}', requireAuth, validate('param', blockId), async (c) => {
    await deleteBlock(getDb(c.env), c.req.valid('param').id, c.var.viewer.id);
    await bumpBoardVersion(c, c.var.viewer.username);
    return c.json({ deleted: true }, 200);
  })
  .post('/:id{[0-9]+}/copy', requireAuth, validate('param', blockId), async (c) => {
    const block = await copyBlock(getDb(c.env), c.req.valid('param').id, c.var.viewer.id);
    // The copier's board gains the block. The source's copy count is not shown on boards, and a
    // bump per copy would hit a popular board's key harder than KV allows: it catches up with
    // the source's next edit or the cache entry's expiry.
    await bumpBoardVersion(c, c.var.viewer.username);
    return c.json({ block: toBlock(block) }, 201);
  })
  .post('/:id{[0-9]+}/click', optionalAuth, validate('param', blockId), async (c) => {
    await recordClick(getDb(c.env), c.req.valid('param').id, c.var.viewer?.id ?? null);
    return c.json({ recorded: true }, 200);
  });
