import { app } from './app';
import { runScheduledJobs } from './scheduled';

export { ViewCounter } from './view-counter';
export { VisitLog } from './visit-log';

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduledJobs(env, controller.cron));
  },
} satisfies ExportedHandler<Env>;
