import { and, asc, isNotNull, lte, sql } from 'drizzle-orm';
import { suspendedAccountKeptMs } from '../../../schema/moderation-values';
import { reports, users } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { endAccount } from '../account/account';

/** How many accounts one cron run deletes at most: each is a batch, R2 deletes and a Delete sent. */
const deletedAtOnce = 10;

/**
 * An appeal the moderators have not answered yet holds the deletion: a person should read it
 * before the account goes. Answering it (any action on the board closes its open reports) lets
 * the next run delete the account.
 */
const appealPending = sql`EXISTS (SELECT 1 FROM ${reports} WHERE ${reports.boardId} = ${users.id}
  AND ${reports.appealOf} IS NOT NULL AND ${reports.actionId} IS NULL)`;

/**
 * The cron's part of a suspension: accounts suspended over 30 days ago and not unsuspended are
 * deleted as their owner's own deletion deletes them, oldest first, a batch a run (read from the
 * partial index of suspended accounts). Each deletion stands alone: one that fails is logged and
 * tried again next run, and the others go on.
 */
export async function deleteLongSuspendedAccounts(db: Db, env: Env, now = Date.now()) {
  const due = await db
    .select()
    .from(users)
    .where(
      and(
        isNotNull(users.suspendedAt),
        lte(users.suspendedAt, new Date(now - suspendedAccountKeptMs)),
        sql`NOT ${appealPending}`,
      ),
    )
    .orderBy(asc(users.suspendedAt))
    .limit(deletedAtOnce);
  for (const user of due) {
    await endAccount({ db, env, userId: user.id, origin: env.APP_URL }, user).catch(
      (error: unknown) =>
        console.error(`The suspended account ${user.id} could not be deleted.`, error),
    );
  }
  return due.length;
}
