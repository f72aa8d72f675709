import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { handleBoardChanges } from '../../domain/board-changes/handle';
import type { BoardWriter } from '../../domain/board-changes/record';
import type { AppEnv } from '../app-env';

/**
 * Every write route says what it does to the boards visitors see, with one of the two middlewares
 * below (board-changes.test.ts refuses a write route that says neither). A route that changes a
 * board writes through a `BoardWriter` (`boardWriterOf`): the domain commits each change with its
 * rows, and the one consumer (domain/board-changes) hears it. Here the consumer is asked to handle
 * the request's changes before the answer goes, so the editor's next read and every visitor see
 * the edit at once; the queue's message for the same change then finds it handled.
 */
export const changesBoard = createMiddleware<AppEnv>(async (c, next) => {
  const recorded: number[] = [];
  c.set('recordedChanges', recorded);
  await next();
  if (recorded.length > 0) await handleBoardChanges(c.env, c.executionCtx, recorded);
});

/** Declares a write that changes nothing a visitor sees on a board (a sign-in, a follow, a count). */
export const changesNoBoard = createMiddleware<AppEnv>(async (_c, next) => {
  await next();
});

/** The signed-in viewer writing to their own board, through a route declared `changesBoard`. */
export function boardWriterOf<E extends AppEnv>(c: Context<E>, userId: number): BoardWriter {
  const recorded = c.var.recordedChanges;
  if (!recorded) throw new Error('A board writer is for routes declared changesBoard.');
  return {
    db: c.var.db,
    env: c.env,
    userId,
    origin: new URL(c.req.url).origin,
    recorded,
  };
}
