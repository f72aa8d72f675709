import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { sessions, users } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { forgetLoginFailures, recordLoginFailure, refuseWhileThrottled } from './login-throttle';
import { verifyPassword } from './passwords';
import { readSessionId, signSession } from './tokens';
import type { UserRow } from './users';
import { findUserByUsername } from './users';

const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/** Starts a session for the user and answers the token that names it. */
export async function startSession(db: Db, env: Env, userId: number): Promise<string> {
  const sessionId = crypto.randomUUID();
  const expiresAt = new Date(Date.now() + sessionLifetimeMs);
  await db.insert(sessions).values({ id: sessionId, userId, expiresAt });
  return signSession(env, { sessionId, expiresAt });
}

/**
 * Signs in with a name and password: a token for a new session, and the account. Wrong passwords
 * count against the name typed (login-throttle.ts); one answer for an unknown name and a wrong
 * password, so neither tells which names exist.
 */
export async function signIn(
  db: Db,
  env: Env,
  credentials: { username: string; password: string },
) {
  const { username, password } = credentials;
  await refuseWhileThrottled(db, username);
  const user = await findUserByUsername(db, username);
  const valid = await verifyPassword(password, user?.passwordHash, env.PASSWORD_PEPPER);
  if (!user || !valid) {
    await recordLoginFailure(db, username);
    throw new Refusal(
      'unauthenticated',
      'Invalid credentials. Please check your username and password.',
    );
  }
  const [token] = await Promise.all([
    startSession(db, env, user.id),
    forgetLoginFailures(db, username),
  ]);
  return { token, user };
}

export type SignedIn = { user: UserRow; sessionId: string };

/** Who a token signs in, or null: no such session (ended, expired) or a token not ours. */
export async function resolveSession(db: Db, env: Env, token: string): Promise<SignedIn | null> {
  const sessionId = await readSessionId(env, token);
  if (!sessionId) return null;
  const found = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .get();
  return found ? { user: found.user, sessionId } : null;
}

export function endSession(db: Db, sessionId: string) {
  return db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the user but `keep` (the device that asked), or all of them. */
export function endSessionsOf(db: Db, userId: number, keep?: string) {
  const ofUser = eq(sessions.userId, userId);
  return db.delete(sessions).where(keep ? and(ofUser, ne(sessions.id, keep)) : ofUser);
}

export function deleteExpiredSessions(db: Db) {
  return db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
