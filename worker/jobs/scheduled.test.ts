import {
  createExecutionContext,
  createScheduledController,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../index';
import { createUser } from '../test/factories';

afterEach(() => vi.restoreAllMocks());

/** A counter binding that fails every call: the view flush throws on any board with pending views. */
const failingCounters = {
  idFromName: () => {
    throw new Error('counters unavailable');
  },
} as unknown as Env['VIEW_COUNTER'];

/** A stand-in sources queue that records what the cron sends it. */
function recordingQueue() {
  const sent: unknown[] = [];
  const queue = {
    sendBatch: async (messages: Iterable<{ body: unknown }>) => {
      for (const { body } of messages) sent.push(body);
    },
  } as unknown as Queue;
  return { sent, queue };
}

describe("the minute's cron", () => {
  it('runs every other job when one of them throws, and logs the one that failed', async () => {
    const user = await createUser();
    await env.DB.batch([
      env.DB.prepare(
        'INSERT INTO view_ledger (board_id, shard, flushed_seq, pending_since) VALUES (?, 0, 0, ?)',
      ).bind(user.id, Date.now()),
      env.DB.prepare(
        'INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES (?, ?, ?)',
      ).bind(`expired-${crypto.randomUUID()}`, user.id, Date.now() - 60_000),
    ]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sources = recordingQueue();

    const ctx = createExecutionContext();
    await worker.scheduled(
      createScheduledController({ cron: '* * * * *' }),
      { ...env, VIEW_COUNTER: failingCounters, SOURCES_QUEUE: sources.queue },
      ctx,
    );
    await waitOnExecutionContext(ctx);

    expect(logged).toHaveBeenCalledWith(
      'The scheduled job "view flush" failed.',
      expect.any(Error),
    );
    // A clean-up after the failing job ran, and so did the last job, the source slots.
    const tokens = await env.DB.prepare(
      'SELECT count(*) AS n FROM password_reset_tokens WHERE user_id = ?',
    )
      .bind(user.id)
      .first<{ n: number }>();
    expect(tokens?.n).toBe(0);
    expect(sources.sent).toHaveLength(16);
  });
});
