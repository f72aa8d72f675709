import { lt } from 'drizzle-orm';
import { passwordResetTokens } from '../schema/tables';
import { getDb } from './services/db';
import { deleteExpiredConfirmations } from './services/email-updates';
import { deleteStaleQuotas } from './services/quotas';
import { deleteExpiredSessions } from './services/sessions';
import { flushPendingViews, rollUpViews } from './services/views';

/** Every minute: buffered views to D1, D1 to the KV counters; expired links, sessions, quotas away. */
export async function runScheduledJobs(env: Env): Promise<void> {
  await flushPendingViews(env);
  await rollUpViews(env);
  const db = getDb(env);
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date()));
  await deleteExpiredSessions(db);
  await deleteStaleQuotas(db);
  await deleteExpiredConfirmations(db);
}
