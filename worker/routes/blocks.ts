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
      return c.json({ block: toBlock(block) }, 200);
    },
  )
  .delete('/:id{[0-9]+}', requireAuth, validate('param', blockId), async (c) => {
    await deleteBlock(getDb(c.env), c.req.valid('param').id, c.var.viewer.id);
    return c.json({ deleted: true }, 200);
  })
  .post('/:id{[0-9]+}/copy', requireAuth, validate('param', blockId), async (c) => {
    const block = await copyBlock(getDb(c.env), c.req.valid('param').id, c.var.viewer.id);
    return c.json({ block: toBlock(block) }, 201);
  })
  .post('/:id{[0-9]+}/click', optionalAuth, validate('param', blockId), async (c) => {
    await recordClick(getDb(c.env), c.req.valid('param').id, c.var.viewer?.id ?? null);
    return c.json({ recorded: true }, 200);
  });
