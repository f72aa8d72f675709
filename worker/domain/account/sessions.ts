import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { sessions, users } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { readKnownDevice, signDeviceToken } from './known-devices';
import { forgetLoginFailures, takeLoginAttempt } from './login-throttle';
import { verifyPassword } from './passwords';
import { readSessionId, signSession } from './tokens';
import type { UserRow } from './users';
import { findUserByUsername } from './users';

const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/** Starts a session for the user and answers the token that names it. */
async function startSession(db: Db, env: Env, userId: number): Promise<string> {
  const sessionId = crypto.randomUUID();
  const expiresAt = new Date(Date.now() + sessionLifetimeMs);
  await db.insert(sessions).values({ id: sessionId, userId, expiresAt });
  return signSession(env, { sessionId, expiresAt });
}

/**
 * Signs in with a name and password: a token for a new session, the account, and a device token
 * that lets this device past the account's throttle next time. Wrong passwords count against the
 * name typed, or against the device alone when `deviceTokenOf` names one that signed in to this
 * account before (login-throttle.ts); one answer for an unknown name and a wrong password, so
 * neither tells which names exist.
 */
export async function signIn(
  db: Db,
  env: Env,
  credentials: { username: string; password: string },
  deviceTokenOf: (userId: number) => string | undefined,
) {
  const { username, password } = credentials;
  const user = await findUserByUsername(db, username);
  const knownDevice = user && (await readKnownDevice(env, user.id, deviceTokenOf(user.id)));
  const throttleKey = { username, knownDevice: knownDevice ?? undefined };
  await takeLoginAttempt(db, throttleKey);
  const valid = await verifyPassword(password, user?.passwordHash, env.PASSWORD_PEPPER);
  if (!user || !valid) {
    throw new Refusal(
      'unauthenticated',
      'Invalid credentials. Please check your username and password.',
    );
  }
  const [signedIn] = await Promise.all([
    openSession(db, env, user, knownDevice ?? undefined),
    forgetLoginFailures(db, throttleKey),
  ]);
  return signedIn;
}

/**
 * Opens a session for a user whose identity is already proven (a password checked above, or a
 * passkey): no throttle holds it. Answers the session token, the account and a fresh device token.
 * Every sign-in opens its session here, so each leaves the device known.
 */
export async function openSession(db: Db, env: Env, user: UserRow, knownDevice?: string) {
  const [token, device] = await Promise.all([
    startSession(db, env, user.id),
    signDeviceToken(env, user.id, knownDevice),
  ]);
  return { token, user, device };
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
