import { Hono } from 'hono';
import { z } from 'zod';
import { boardSettingsInput } from '../../schema/boards';
import { optionalAuth, requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { bumpBoardVersion, cachedBoardResponse } from '../services/board-cache';
import { getBoard, updateBoardSettings } from '../services/boards';
import { getDb } from '../services/db';
import { recordView } from '../services/views';
import type { AppEnv } from '../types';

const boardParam = z.strictObject({
  username: z
    .string()
    .trim()
    .max(100)
    .transform((name) => name.replace(/^@/, '').toLowerCase()),
});

export const boardsRoutes = new Hono<AppEnv>()
  .put('/me', requireAuth, validate('json', boardSettingsInput), async (c) => {
    const board = await updateBoardSettings(getDb(c.env), c.var.viewer.id, c.req.valid('json'));
    await bumpBoardVersion(c, c.var.viewer.username);
    return c.json({ board }, 200);
  })
  .get('/:username', optionalAuth, validate('param', boardParam), async (c) => {
    const { username } = c.req.valid('param');
    const { viewer } = c.var;
    // Anyone signed in gets their own rendition (the owner sees hidden blocks), never a cached one.
    if (viewer) {
      const { owner, isOwner, body } = await getBoard(getDb(c.env), c.env, username, viewer);
      // Counted after the answer is sent; an owner looking at their own board is not a view.
      if (!isOwner) c.executionCtx.waitUntil(recordView(c.env, owner.id));
      return c.json(body, 200);
    }
    return cachedBoardResponse(c, { kind: 'api', username }, async () => {
      const { owner, body } = await getBoard(getDb(c.env), c.env, username, null);
      return { response: c.json(body, 200), boardId: owner.id };
    });
  });
