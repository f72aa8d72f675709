import type { BoardChangeMessage } from './domain/board-changes/record';
import { app } from './http/app';
import { boardChangesQueueName, consumeBoardChanges } from './jobs/board-changes-queue';
import { runScheduledJobs } from './jobs/scheduled';
import { consumeSourcesQueue, type SourcesMessage, sourcesQueueName } from './jobs/sources-queue';

export { FeedHostGate } from './objects/feed-host-gate';
export { ViewCounter } from './objects/view-counter';
export { VisitLog } from './objects/visit-log';

type QueueConsumer = (
  batch: MessageBatch<unknown>,
  env: Env,
  ctx: ExecutionContext,
) => Promise<void>;

/** Each queue's consumer, by the queue's name in wrangler.toml. */
const queueConsumers = new Map<string, QueueConsumer>([
  [
    boardChangesQueueName,
    (batch, env, ctx) => consumeBoardChanges(batch as MessageBatch<BoardChangeMessage>, env, ctx),
  ],
  [
    sourcesQueueName,
    (batch, env) => consumeSourcesQueue(batch as MessageBatch<SourcesMessage>, env),
  ],
  [
    'up2-fediverse',
    // Fedify is loaded when the fediverse is first needed, never at an isolate's start.
    async (batch, env) =>
      (await import('./jobs/fediverse-queue')).consumeFediverseQueue(batch, env),
  ],
]);

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
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
