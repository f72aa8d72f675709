import { lt } from 'drizzle-orm';
import { passwordResetTokens } from '../../schema/tables';
import { deleteExpiredConfirmations } from '../domain/account/email-updates';
import { deleteExpiredVerifications } from '../domain/account/email-verification';
import { deleteExpiredChallenges } from '../domain/account/passkeys';
import { deleteExpiredSessions } from '../domain/account/sessions';
import { flushPendingViews } from '../domain/analytics/views';
import { purgeDeletedBlocks } from '../domain/blocks/trash';
import { deleteHandledChanges, sweepBoardChanges } from '../domain/board-changes/handle';
import { newAccountHoldMs, rollUpDiscover } from '../domain/discover/discover';
import { sweepUnusedImages } from '../domain/images/images';
import { deleteLongSuspendedAccounts } from '../domain/moderation/suspended-accounts';
import { getDb } from '../platform/db';
import { deleteStaleQuotas } from '../platform/quotas';
import { sendDueSlots } from './sources-queue';

/**
 * Discover's rollup (trending blocks, board counts) reads the week's activity and every listed
 * board: every 10 minutes, not with the minute's jobs (wrangler.toml names both crons).
 */
export const discoverRollupCron = '*/10 * * * *';

const minuteCron = '* * * * *';

type ScheduledJob = (env: Env, cron: string, ctx: ExecutionContext) => Promise<unknown>;

/**
 * Every minute, in this order: board changes a lost message left waiting; buffered views to D1;
 * expired links, sessions, quotas, images unused for a day, deleted blocks past their undo window,
 * changes handled a day ago and accounts suspended 30 days away; the minute's source slots to their queue.
 */
const minuteJobs: Record<string, ScheduledJob> = {
  'board changes sweep': (env, _cron, ctx) => sweepBoardChanges(env, ctx),
  'view flush': (env) => flushPendingViews(env),
  'expired password resets': (env) =>
    getDb(env).delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date())),
  'expired sessions': (env) => deleteExpiredSessions(getDb(env)),
  'stale quotas': (env) => deleteStaleQuotas(getDb(env)),
  'expired email confirmations': (env) => deleteExpiredConfirmations(getDb(env)),
  'expired email verifications': (env) => deleteExpiredVerifications(getDb(env)),
  'expired passkey challenges': (env) => deleteExpiredChallenges(getDb(env)),
  'unused images': (env) => sweepUnusedImages(getDb(env), env),
  'deleted blocks': (env) => purgeDeletedBlocks(getDb(env), env),
  'handled board changes': (env) => deleteHandledChanges(getDb(env)),
  'suspended accounts past their 30 days': (env) => deleteLongSuspendedAccounts(getDb(env), env),
  // In development a trigger by hand (`/cdn-cgi/handler/scheduled` names no cron) checks every
  // due source at once, not only the minute's.
  'source slots': (env, cron) =>
    sendDueSlots(env, Date.now(), env.ENVIRONMENT === 'development' && cron !== minuteCron),
};

export async function runScheduledJobs(
  env: Env,
  ctx: ExecutionContext,
  cron: string,
): Promise<void> {
  if (cron === discoverRollupCron) {
    return rollUpDiscover(getDb(env), Date.now(), newAccountHoldMs(env));
  }
  for (const [name, job] of Object.entries(minuteJobs)) {
    // A job that fails is logged and tried again next minute; it never keeps the others from running.
    await job(env, cron, ctx).catch((error: unknown) =>
      console.error(`The scheduled job "${name}" failed.`, error),
    );
  }
}
