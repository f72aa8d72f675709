import type { BoardChangeMessage } from './domain/board-changes/record';
import { app } from './http/app';
import { boardChangesQueueName, consumeBoardChanges } from './jobs/board-changes-queue';
import { runScheduledJobs } from './jobs/scheduled';
import { consumeSourcesQueue, type SourcesMessage, sourcesQueueName } from './jobs/sources-queue';

export { FeedHostGate } from './objects/feed-host-gate';
export { ViewCounter } from './objects/view-counter';
export { VisitLog } from './objects/visit-log';

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduledJobs(env, ctx, controller.cron));
  },
  async queue(batch, env, ctx) {
    if (batch.queue === boardChangesQueueName) {
      await consumeBoardChanges(batch as MessageBatch<BoardChangeMessage>, env, ctx);
    } else if (batch.queue === sourcesQueueName) {
      await consumeSourcesQueue(batch as MessageBatch<SourcesMessage>, env);
    } else if (batch.queue === 'up2-fediverse') {
      // Fedify is loaded when the fediverse is first needed, never at an isolate's start.
      const { consumeFediverseQueue } = await import('./jobs/fediverse-queue');
      await consumeFediverseQueue(batch, env);
    }
  },
} satisfies ExportedHandler<Env>;
