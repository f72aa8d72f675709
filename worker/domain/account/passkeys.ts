import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { AddPasskeyInput, PasskeySignInInput } from '../../../schema/passkeys';
import { passkeys, users, webauthnChallenges } from '../../../schema/tables';
import { type Db, failedWith } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { openSession } from './sessions';
import type { UserRow } from './users';

// SimpleWebAuthn and the certificate parsers under it (0.25 MB) load with a passkey's first
// ceremony in an isolate, never at its start.
const webAuthn = () => import('@simplewebauthn/server');
const webAuthnHelpers = () => import('@simplewebauthn/server/helpers');

const challengeLifetimeMs = 5 * 60 * 1000;
const ceremonyTimeoutMs = 2 * 60 * 1000;

/**
 * Who the passkeys belong to: the host of APP_URL, the public address. A passkey is answered from
 * APP_URL's origin, or from the origin asked when it has the same host (a local server on another
 * port); never from another host, whatever the Host header says.
 */
export type RelyingParty = { id: string; origins: string[] };

export function relyingParty(env: Pick<Env, 'APP_URL'>, requestOrigin: string): RelyingParty {
  const app = new URL(env.APP_URL);
  const asked = new URL(requestOrigin);
  const origins = [app.origin];
  if (asked.hostname === app.hostname && asked.origin !== app.origin) origins.push(asked.origin);
  return { id: app.hostname, origins };
}

type Purpose = (typeof webauthnChallenges.$inferSelect)['purpose'];

async function storeChallenge(db: Db, challenge: string, purpose: Purpose, userId: number | null) {
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    userId,
    expiresAt: new Date(Date.now() + challengeLifetimeMs),
  });
}

/** Whether the challenge was handed out for this, and is still live: it is used up either way. */
async function takeChallenge(db: Db, challenge: string, purpose: Purpose, userId: number | null) {
  const taken = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        gt(webauthnChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return taken.length === 1;
}

function parseTransports(json: string): AuthenticatorTransport[] {
  return JSON.parse(json) as AuthenticatorTransport[];
}

/** What the browser needs to make a passkey for this account (a discoverable one). */
export async function passkeyCreationOptions(db: Db, user: UserRow, rp: RelyingParty) {
  const existing = await db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  const { generateRegistrationOptions } = await webAuthn();
  const options = await generateRegistrationOptions({
    rpName: 'Up2',
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.displayName,
    // Stable per account, so an authenticator keeps one passkey per account, not one per try.
    userID: new TextEncoder().encode(`up2-user-${user.id}`),
    timeout: ceremonyTimeoutMs,
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({
      id: key.id,
      transports: parseTransports(key.transports),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge(db, options.challenge, 'register', user.id);
  return options;
}

const notAdded = 'This passkey could not be added. Please try again.';

function shownPasskey(row: typeof passkeys.$inferSelect) {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Keeps the passkey the browser made, once its challenge and origin check out. */
export async function addPasskey(db: Db, user: UserRow, rp: RelyingParty, input: AddPasskeyInput) {
  const [{ verifyRegistrationResponse }, { isoBase64URL }] = await Promise.all([
    webAuthn(),
    webAuthnHelpers(),
  ]);
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: (challenge) => takeChallenge(db, challenge, 'register', user.id),
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch((error: unknown) => {
    throw new Refusal('invalid', notAdded, { cause: error });
  });
  if (!verification.verified) throw new Refusal('invalid', notAdded);
  const { credential } = verification.registrationInfo;
  const [row] = await db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId: user.id,
      name: input.name,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: JSON.stringify(input.response.response.transports ?? []),
    })
    .returning()
    .catch((error: unknown) => {
      if (failedWith(error, 'UNIQUE constraint failed')) {
        throw new Refusal('conflict', 'This passkey is already added.');
      }
      throw error;
    });
  if (!row) throw new Refusal('invalid', notAdded);
  return shownPasskey(row);
}

export async function listPasskeys(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt));
  return rows.map(shownPasskey);
}

/**
 * Removes one of the account's passkeys. Every account keeps its password (none can be removed),
 * so a way to sign in always remains.
 */
export async function removePasskey(db: Db, userId: number, id: string) {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (removed.length === 0) throw new Refusal('not-found', 'No such passkey on your account.');
}

/** What the browser needs to sign in with any passkey of this site (the account is not asked). */
export async function passkeySignInOptions(db: Db, rp: RelyingParty) {
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: ceremonyTimeoutMs,
    userVerification: 'preferred',
  });
  await storeChallenge(db, options.challenge, 'sign-in', null);
  return options;
}

const notSignedIn =
  'This passkey did not sign you in. Use another passkey, or your username and password.';

/**
 * Signs in with a passkey: the same session a password gives. Not held by the account's wait
 * after wrong passwords (login-throttle.ts): guessing passwords must not lock out an owner who
 * holds the key. Like a password, it leaves this device known (a fresh device token).
 */
export async function signInWithPasskey(
  db: Db,
  env: Env,
  rp: RelyingParty,
  { response }: PasskeySignInInput,
) {
  const found = await db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.id, response.id))
    .get();
  if (!found) throw new Refusal('unauthenticated', notSignedIn);
  const { passkey, user } = found;
  const [{ verifyAuthenticationResponse }, { isoBase64URL }] = await Promise.all([
    webAuthn(),
    webAuthnHelpers(),
  ]);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: (challenge) => takeChallenge(db, challenge, 'sign-in', null),
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    credential: {
      id: passkey.id,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: passkey.counter,
      transports: parseTransports(passkey.transports),
    },
    requireUserVerification: false,
  }).catch((error: unknown) => {
    throw new Refusal('unauthenticated', notSignedIn, { cause: error });
  });
  if (!verification.verified) throw new Refusal('unauthenticated', notSignedIn);
  const [signedIn] = await Promise.all([
    openSession(db, env, user),
    db
      .update(passkeys)
      .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
      .where(eq(passkeys.id, passkey.id)),
  ]);
  return signedIn;
}

export function deleteExpiredChallenges(db: Db) {
  return db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
}
