import { eq, sql } from 'drizzle-orm';
import { loginFailures } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { Refusal } from '../../platform/refusal';

// Five wrong passwords in a row are free; after that each wait doubles from 30 s, up to 15 minutes.
// The count is forgotten an hour after the last failure, or at the next success or password reset.
const freeFailures = 5;
const firstWaitMs = 30_000;
const longestWaitMs = 15 * 60_000;
const forgetAfterMs = 60 * 60 * 1000;

function inWords(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * What a sign-in is throttled under: the name typed, known or not (a wait tells nothing of which
 * names exist); or, from a device that has signed in to the account before, that device alone, so
 * an attacker's failures elsewhere never hold the owner up.
 */
export type ThrottleKey = { username: string; knownDevice?: string };

function keyOf({ username, knownDevice }: ThrottleKey): string {
  return knownDevice ? `device ${knownDevice}` : username;
}

/**
 * Takes one attempt at a password for this key, counted as a failure until `forgetLoginFailures`
 * says it succeeded; or refuses while the key waits out its last failures. Taking, checking and
 * counting are one statement, so parallel attempts queue on the row and at most five pass before
 * the first wait, whatever the concurrency. A refused attempt is not a failure: waiting can only
 * get shorter, and a password reset ends the wait at once.
 */
export async function takeLoginAttempt(db: Db, key: ThrottleKey, now = Date.now()) {
  const { failures, lastFailureAt: last } = loginFailures;
  const since = sql`(${now} - ${last})`;
  const wait = sql`CASE WHEN ${failures} < ${freeFailures} THEN 0
    ELSE min(${longestWaitMs}, ${firstWaitMs} << min(${failures} - ${freeFailures}, 5)) END`;
  const forgotten = sql`${since} >= ${forgetAfterMs}`;
  const taken = await db
    .insert(loginFailures)
    .values({ username: keyOf(key), failures: 1, lastFailureAt: new Date(now) })
    .onConflictDoUpdate({
      target: loginFailures.username,
      set: {
        failures: sql`CASE WHEN ${forgotten} THEN 1 ELSE ${failures} + 1 END`,
        lastFailureAt: new Date(now),
      },
      setWhere: sql`${forgotten} OR ${since} >= ${wait}`,
    })
    .returning({ failures: loginFailures.failures })
    .get();
  if (taken) return;
  const row = await db
    .select({ failures, lastFailureAt: last })
    .from(loginFailures)
    .where(eq(loginFailures.username, keyOf(key)))
    .get();
  const waitMs = row
    ? Math.min(longestWaitMs, firstWaitMs * 2 ** (row.failures - freeFailures))
    : 0;
  const remaining = Math.max(
    1,
    Math.ceil((waitMs - (now - (row?.lastFailureAt.getTime() ?? now))) / 1000),
  );
  throw new Refusal(
    'too-many',
    `Too many wrong passwords for this account. Please wait ${inWords(remaining)} and try again, or reset your password.`,
    { retryAfterSeconds: remaining },
  );
}

/** Forgets the key's failures, the attempt just taken included: the password was right. */
export function forgetLoginFailures(db: Db, key: ThrottleKey) {
  return db.delete(loginFailures).where(eq(loginFailures.username, keyOf(key)));
}
