import { lt } from 'drizzle-orm';
import { passwordResetTokens } from '../schema/tables';
import { getDb } from './services/db';
import { flushPendingViews, rollUpViews } from './services/views';

/** Every minute: buffered views to D1, D1 to the KV counters, and expired reset links away. */
export async function runScheduledJobs(env: Env): Promise<void> {
  await flushPendingViews(env);
  await rollUpViews(env);
  await getDb(env).delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date()));
}
