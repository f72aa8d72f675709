import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { queueNewStories } from '../../domain/fediverse/story-queue';
import type { AppEnv } from '../app-env';
import { bumpBoardVersion } from '../board-cache';
import { boardChangeOf } from './database-session';

/**
 * Every write route says what it does to the boards visitors see, with one of the two middlewares
 * below (board-changes.test.ts refuses a write route that says neither). A route that changes a
 * board has it marked changed here, once, after its write answered with success: the signed-in
 * viewer's board, and any other it names with `alsoChanged`. A new story event of the viewer's
 * board then goes out to its fediverse followers (worker/domain/fediverse/story-queue.ts).
 */
export const changesBoard = createMiddleware<AppEnv>(async (c, next) => {
  const named: string[] = [];
  c.set('changedBoards', named);
  await next();
  if (c.error || c.res.status < 200 || c.res.status >= 300) return;
  const { viewer } = c.var;
  const names = viewer ? [viewer.username, ...named] : named;
  if (names.length > 0) await bumpBoardVersion(boardChangeOf(c), ...names);
  if (viewer) {
    const origin = new URL(c.req.url).origin;
    c.executionCtx.waitUntil(
      queueNewStories(c.env, c.var.db, viewer.id, origin).catch((error: unknown) =>
        console.error('New story events were not queued for the fediverse.', error),
      ),
    );
  }
});

/** Declares a write that changes nothing a visitor sees on a board (a sign-in, a follow, a count). */
export const changesNoBoard = createMiddleware<AppEnv>(async (_c, next) => {
  await next();
});

/** Names a board this write changed besides the signed-in viewer's: a board just registered. */
export function alsoChanged<E extends AppEnv>(c: Context<E>, username: string): void {
  const named = c.var.changedBoards;
  if (!named) throw new Error('alsoChanged is for routes declared changesBoard.');
  named.push(username);
}
