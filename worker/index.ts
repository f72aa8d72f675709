import { app } from './http/app';
import { consumeFediverseQueue } from './jobs/fediverse-queue';
import { runScheduledJobs } from './jobs/scheduled';

export { ViewCounter } from './objects/view-counter';
export { VisitLog } from './objects/visit-log';

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduledJobs(env, controller.cron));
  },
  async queue(batch, env) {
    if (batch.queue === 'up2-fediverse') await consumeFediverseQueue(batch, env);
  },
} satisfies ExportedHandler<Env>;
