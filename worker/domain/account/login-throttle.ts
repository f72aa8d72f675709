import { eq, sql } from 'drizzle-orm';
import { loginFailures } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { Refusal } from '../../platform/refusal';

// Five wrong passwords in a row are free; after that each wait doubles from 30 s, up to 15 minutes.
// The count is forgotten an hour after the last failure, or at the next success or password reset.
const freeFailures = 5;
const firstWaitSeconds = 30;
const longestWaitSeconds = 15 * 60;
const forgetAfterMs = 60 * 60 * 1000;

function waitSeconds(failures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(longestWaitSeconds, firstWaitSeconds * 2 ** (failures - freeFailures));
}

function inWords(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Refuses a sign-in to this account name while it waits out its last failures, from any address.
 * Keyed by the name typed, known or not, so a wait tells nothing of which names exist. A refused
 * attempt is not a failure: waiting can only get shorter, so the owner is never locked out for
 * good, and a password reset ends the wait at once.
 */
export async function refuseWhileThrottled(db: Db, username: string, now = Date.now()) {
  const row = await db
    .select()
    .from(loginFailures)
    .where(eq(loginFailures.username, username))
    .get();
  if (!row) return;
  const since = now - row.lastFailureAt.getTime();
  if (since >= forgetAfterMs) return;
  const remaining = Math.ceil((waitSeconds(row.failures) * 1000 - since) / 1000);
  if (remaining <= 0) return;
  throw new Refusal(
    'too-many',
    `Too many wrong passwords for this account. Please wait ${inWords(remaining)} and try again, or reset your password.`,
    { retryAfterSeconds: remaining },
  );
}

/** Counts a wrong password for this account name, starting again after an hour without one. */
export async function recordLoginFailure(db: Db, username: string, now = Date.now()) {
  const forgotten = sql`${loginFailures.lastFailureAt} <= ${now - forgetAfterMs}`;
  await db
    .insert(loginFailures)
    .values({ username, failures: 1, lastFailureAt: new Date(now) })
    .onConflictDoUpdate({
      target: loginFailures.username,
      set: {
        failures: sql`CASE WHEN ${forgotten} THEN 1 ELSE ${loginFailures.failures} + 1 END`,
        lastFailureAt: new Date(now),
      },
    });
}

export function forgetLoginFailures(db: Db, username: string) {
  return db.delete(loginFailures).where(eq(loginFailures.username, username));
}
