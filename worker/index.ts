import { app } from './app';
import { runScheduledJobs } from './scheduled';

export { ViewCounter } from './view-counter';
export { VisitLog } from './visit-log';

export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(runScheduledJobs(env));
  },
} satisfies ExportedHandler<Env>;
