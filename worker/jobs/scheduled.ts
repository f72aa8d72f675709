import { lt } from 'drizzle-orm';
import { passwordResetTokens } from '../../schema/tables';
import { deleteExpiredConfirmations } from '../domain/account/email-updates';
import { deleteExpiredVerifications } from '../domain/account/email-verification';
import { deleteExpiredChallenges } from '../domain/account/passkeys';
import { deleteExpiredSessions } from '../domain/account/sessions';
import { flushPendingViews, rollUpViews } from '../domain/analytics/views';
import { purgeDeletedBlocks } from '../domain/blocks/trash';
import { deleteHandledChanges, sweepBoardChanges } from '../domain/board-changes/handle';
import { rollUpDiscover } from '../domain/discover/discover';
import { sweepUnusedImages } from '../domain/images/images';
import { getDb } from '../platform/db';
import { deleteStaleQuotas } from '../platform/quotas';
import { sendDueSlots } from './sources-queue';

/**
 * Discover's rollup (trending blocks, board counts) reads the week's activity and every listed
 * board: every 10 minutes, not with the minute's jobs (wrangler.toml names both crons).
 */
export const discoverRollupCron = '*/10 * * * *';

const minuteCron = '* * * * *';

export async function runScheduledJobs(
  env: Env,
  ctx: ExecutionContext,
  cron: string,
): Promise<void> {
  if (cron === discoverRollupCron) return rollUpDiscover(getDb(env));
  await runMinuteJobs(env, ctx);
  // In development a trigger by hand (`/cdn-cgi/handler/scheduled` names no cron) checks every
  // due source at once, not only the minute's.
  const byHand = env.ENVIRONMENT === 'development' && cron !== minuteCron;
  await sendDueSlots(env, Date.now(), byHand);
}

/**
 * Every minute: board changes a lost message left waiting handled; buffered views to D1, D1 to the
 * KV counters; expired links, sessions, quotas, images unused for a day, deleted blocks past their
 * undo window and handled changes a day old away.
 */
async function runMinuteJobs(env: Env, ctx: ExecutionContext): Promise<void> {
  await sweepBoardChanges(env, ctx);
  await flushPendingViews(env);
  await rollUpViews(env);
  const db = getDb(env);
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date()));
  await deleteExpiredSessions(db);
  await deleteStaleQuotas(db);
  await deleteExpiredConfirmations(db);
  await deleteExpiredVerifications(db);
  await deleteExpiredChallenges(db);
  await sweepUnusedImages(db, env);
  await purgeDeletedBlocks(db, env);
  await deleteHandledChanges(db);
}
