import { type BoardChangeMessage, boardChangesQueueName } from './domain/board-changes/record';
import { app } from './http/app';
import type { SourcesMessage } from './jobs/sources-queue';

export { FeedHostGate } from './objects/feed-host-gate';
export { ViewCounter } from './objects/view-counter';
export { VisitLog } from './objects/visit-log';

type QueueConsumer = (
  batch: MessageBatch<unknown>,
  env: Env,
  ctx: ExecutionContext,
) => Promise<void>;

/**
 * Each queue's consumer, by the queue's name in wrangler.toml. The cron's and the consumers' code
 * (sources, Fedify) is loaded by the first batch or tick that needs it, never at an isolate's
 * start: most isolates only answer readers.
 */
const queueConsumers = new Map<string, QueueConsumer>([
  [
    boardChangesQueueName,
    async (batch, env, ctx) =>
      (await import('./jobs/board-changes-queue')).consumeBoardChanges(
        batch as MessageBatch<BoardChangeMessage>,
        env,
        ctx,
      ),
  ],
  [
    'up2-sources',
    async (batch, env) =>
      (await import('./jobs/sources-queue')).consumeSourcesQueue(
        batch as MessageBatch<SourcesMessage>,
        env,
      ),
  ],
  [
    'up2-fediverse',
    async (batch, env) =>
      (await import('./jobs/fediverse-queue')).consumeFediverseQueue(batch, env),
  ],
]);

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    const { runScheduledJobs } = await import('./jobs/scheduled');
    ctx.waitUntil(runScheduledJobs(env, ctx, controller.cron));
  },
  async queue(batch, env, ctx) {
    const consume = queueConsumers.get(batch.queue);
    if (consume) return consume(batch, env, ctx);
    // Acknowledged, the messages would be lost: they wait (and reach the dead letter queue) until a
    // consumer is deployed.
    console.error(`No consumer for the queue "${batch.queue}"; its messages will be tried again.`);
    batch.retryAll();
  },
} satisfies ExportedHandler<Env>;
