import { app } from './http/app';
import { runScheduledJobs } from './jobs/scheduled';

export { ViewCounter } from './objects/view-counter';
export { VisitLog } from './objects/visit-log';

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduledJobs(env, controller.cron));
  },
} satisfies ExportedHandler<Env>;
