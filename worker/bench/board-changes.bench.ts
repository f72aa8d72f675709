import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, it } from 'vitest';
import { createBlock, moveBlock } from '../domain/blocks/blocks';
import { handleBoardChanges } from '../domain/board-changes/handle';
import type { BoardWriter } from '../domain/board-changes/record';
import { getDb } from '../platform/db';
import { createUser } from '../test/factories';

/**
 * `npm run bench:changes`: how many board changes the one consumer handles a second in one
 * isolate (one core), each a block moved (a story event to read, goals to ask, the fediverse's
 * outbox to look at, the board's version to bump). The changes are committed first with a queue
 * that delivers nothing, then handled a queue batch (100) at a time. Figures are printed, never
 * asserted. Knob: BENCH_CHANGES (default 2,000).
 */
const changeCount = Number(process.env.BENCH_CHANGES) || 2000;
const batchSize = 100;
const boards = 20;

const silentQueue = { send: async () => undefined } as unknown as Queue;

describe('board changes consumer', () => {
  it('prints the changes handled a second', { timeout: 600_000 }, async () => {
    const db = getDb(env);
    const writers: (BoardWriter & { blockId: number })[] = [];
    for (let n = 0; n < boards; n++) {
      const user = await createUser();
      const writer = {
        db,
        env: { ...env, BOARD_CHANGES_QUEUE: silentQueue },
        userId: user.id,
        origin: 'http://localhost',
      };
      const block = await createBlock(writer, {
        category: 'learning',
        type: 'books-reading',
        title: `Book ${n}`,
      });
      writers.push({ ...writer, blockId: block.id });
    }
    const statuses = ['done', 'planned', 'now'] as const;
    let committed = performance.now();
    const ids: number[] = [];
    for (let n = 0; n < changeCount; n++) {
      const writer = writers[n % boards] as (typeof writers)[number];
      await moveBlock(writer, writer.blockId, statuses[Math.floor(n / boards) % 3] ?? 'now');
    }
    committed = performance.now() - committed;
    const waiting = await env.DB.prepare(
      'SELECT id FROM board_changes WHERE handled_at IS NULL ORDER BY id',
    ).all<{ id: number }>();
    ids.push(...waiting.results.map((row) => row.id));
    const ctx = createExecutionContext();
    const started = performance.now();
    let handled = 0;
    for (let start = 0; start < ids.length; start += batchSize) {
      handled += await handleBoardChanges(env, ctx, ids.slice(start, start + batchSize));
    }
    const seconds = (performance.now() - started) / 1000;
    await waitOnExecutionContext(ctx);
    console.log(
      `Board changes: ${handled} handled in ${seconds.toFixed(2)} s, ${Math.round(handled / seconds)} a second on one core (batches of ${batchSize}); committing them took ${(committed / changeCount).toFixed(2)} ms a change.`,
    );
  });
});
