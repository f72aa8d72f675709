import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from './index';

afterEach(() => vi.restoreAllMocks());

describe('the queue handler', () => {
  it('retries a batch from a queue no consumer handles, and logs it, rather than acknowledge it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const batch = createMessageBatch('up2-nobody-reads-this', [
      { id: 'm0', timestamp: new Date(), attempts: 1, body: { kind: 'anything' } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);

    expect(result).toMatchObject({ ackAll: false, retryBatch: { retry: true }, explicitAcks: [] });
    expect(logged).toHaveBeenCalledWith(
      'No consumer for the queue "up2-nobody-reads-this"; its messages will be tried again.',
    );
  });
});
