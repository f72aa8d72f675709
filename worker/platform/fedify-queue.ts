import type { MessageQueue, MessageQueueEnqueueOptions } from '@fedify/fedify';

// A Queues batch send holds at most 100 messages and 256 KB.
const maxBatchMessages = 100;
const maxBatchBytes = 240_000;
const perMessageOverheadBytes = 128;

const delaySecondsOf = (options?: MessageQueueEnqueueOptions) =>
  Math.ceil(options?.delay?.total('seconds') ?? 0);

/**
 * Fedify's message queue on a Cloudflare Queue: Fedify only sends here. The Worker's queue
 * handler hands each message back to `federation.processQueuedTask` (worker/jobs/fediverse-queue.ts),
 * so `listen` is never called; and the Queue retries a failed message itself, with the backoff the
 * handler asks for (`nativeRetrial`), instead of Fedify enqueueing a copy. Ordering keys are not
 * kept: nothing Up2 sends depends on the order two activities arrive in.
 */
export class CloudflareMessageQueue implements MessageQueue {
  readonly nativeRetrial = true;

  constructor(private readonly queue: Queue) {}

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.queue.send(message, { contentType: 'json', delaySeconds: delaySecondsOf(options) });
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions) {
    const delaySeconds = delaySecondsOf(options);
    let batch: MessageSendRequest[] = [];
    let batchBytes = 0;
    for (const body of messages) {
      const bytes = new TextEncoder().encode(JSON.stringify(body)).byteLength;
      const size = bytes + perMessageOverheadBytes;
      if (
        batch.length >= maxBatchMessages ||
        (batch.length > 0 && batchBytes + size > maxBatchBytes)
      ) {
        await this.queue.sendBatch(batch, { delaySeconds });
        batch = [];
        batchBytes = 0;
      }
      batch.push({ body, contentType: 'json' });
      batchBytes += size;
    }
    if (batch.length > 0) await this.queue.sendBatch(batch, { delaySeconds });
  }

  listen(): Promise<void> {
    throw new TypeError(
      'A Cloudflare Queue is consumed by the Worker’s queue handler, not listen().',
    );
  }
}
