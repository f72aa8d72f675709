import { app } from './http/app';
import { runScheduledJobs } from './jobs/scheduled';
import { consumeSourcesQueue, type SourcesMessage, sourcesQueueName } from './jobs/sources-queue';

export { ViewCounter } from './objects/view-counter';
export { VisitLog } from './objects/visit-log';

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduledJobs(env, controller.cron));
  },
  async queue(batch, env, ctx) {
    if (batch.queue === sourcesQueueName) {
      await consumeSourcesQueue(batch as MessageBatch<SourcesMessage>, env, ctx);
    }
  },
} satisfies ExportedHandler<Env>;
