import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { invalidVerificationLink } from '../../../schema/email-verification';
import { emailVerifications, updatesConfirmations, users } from '../../../schema/tables';
import { type Db, failedWith } from '../../platform/db';
import { sendMail } from '../../platform/mail';
import { takeQuota } from '../../platform/quotas';
import { Refusal } from '../../platform/refusal';
import { appLink, randomToken, sha256Hex } from './one-time-tokens';
import type { UserRow } from './users';

const linkLifetimeMs = 24 * 60 * 60 * 1000;
const mailsPerHour = { limit: 3, windowMs: 60 * 60 * 1000 };

type Recipient = Pick<UserRow, 'id' | 'displayName' | 'username'>;

async function takeMailQuota(db: Db, userId: number) {
  const quota = await takeQuota(db, `verify-mail:${userId}`, mailsPerHour);
  if (!quota.allowed) {
    throw new Refusal(
      'too-many',
      'We already sent you several links this hour. Please use the newest one, or try again later.',
      { retryAfterSeconds: quota.retryAfterSeconds },
    );
  }
}

async function storeLink(db: Db, userId: number, email: string, wantsUpdates: boolean) {
  const token = randomToken();
  await db.insert(emailVerifications).values({
    tokenHash: await sha256Hex(token),
    userId,
    email,
    wantsUpdates,
    expiresAt: new Date(Date.now() + linkLifetimeMs),
  });
  return token;
}

/** A new link carries the sign-up's wish for updates, while an earlier link still does. */
async function askedForUpdatesAtSignUp(db: Db, user: Pick<UserRow, 'id' | 'email'>) {
  const earlier = await db
    .select({ tokenHash: emailVerifications.tokenHash })
    .from(emailVerifications)
    .where(
      and(
        eq(emailVerifications.userId, user.id),
        eq(emailVerifications.email, user.email),
        eq(emailVerifications.wantsUpdates, true),
        gt(emailVerifications.expiresAt, new Date()),
      ),
    )
    .get();
  return earlier !== undefined;
}

/**
 * Mails the account's own address a link that proves it (at sign-up, or asked again from the
 * dashboard). At most 3 an hour per account. `wantsUpdates`: the sign-up asked for updates, which
 * the same link confirms.
 */
export async function sendVerificationMail(
  db: Db,
  env: Env,
  user: Recipient & Pick<UserRow, 'email'>,
  { wantsUpdates = false } = {},
): Promise<void> {
  await takeMailQuota(db, user.id);
  const asked = wantsUpdates || (await askedForUpdatesAtSignUp(db, user));
  const token = await storeLink(db, user.id, user.email, asked);
  await sendMail(env, {
    to: user.email,
    subject: 'Confirm your Up2 email address',
    text: [
      `Hi ${user.displayName},`,
      '',
      `To confirm that this address belongs to your Up2 account @${user.username}, open this link within 24 hours:`,
      '',
      appLink(env, '/verify-email', token),
      '',
      'Until then we send no password reset or other mail here. If you did not sign up, ignore this email.',
    ].join('\n'),
  });
}

/**
 * Someone registered with an address that has an account: its owner is told, and how to reset a
 * forgotten password; an unproven address gets a fresh link instead (resets go to proven ones
 * only). Both count against the account's 3 mails an hour, so sign-ups cannot flood an inbox.
 */
export async function tellOfSignUpAttempt(db: Db, env: Env, owner: UserRow): Promise<void> {
  if (!owner.emailVerified) {
    await sendVerificationMail(db, env, owner);
    return;
  }
  await takeMailQuota(db, owner.id);
  await sendMail(env, {
    to: owner.email,
    subject: 'Someone tried to sign up to Up2 with your address',
    text: [
      `Hi ${owner.displayName},`,
      '',
      `Someone tried to create an Up2 account with this email address, which already belongs to your account @${owner.username}. No new account was made.`,
      '',
      'If it was you, sign in instead. Forgot your password? Reset it here:',
      '',
      new URL('/forgot-password', env.APP_URL).toString(),
      '',
      'If it was not you, there is nothing to do: your account is unchanged.',
    ].join('\n'),
  });
}

const emailTaken = 'An account with this email already exists.';

/** Runs work after the answer is sent (the Worker's `waitUntil`), so its time tells nothing. */
export type Defer = (work: Promise<unknown>) => void;

/**
 * A new address for the account: nothing changes until a link mailed to it is followed. An
 * address another account holds gets no mail, and the answer is the same and as quick (the
 * lookup and the mail happen after it), so this tells no one which addresses have accounts.
 */
export async function requestEmailChange(
  db: Db,
  env: Env,
  user: UserRow,
  email: string,
  defer: Defer,
) {
  await takeMailQuota(db, user.id);
  defer(mailNewAddress(db, env, user, email));
}

async function mailNewAddress(db: Db, env: Env, user: UserRow, email: string) {
  const holder = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  if (holder) return;
  const token = await storeLink(db, user.id, email, false);
  await sendMail(env, {
    to: email,
    subject: 'Confirm your new Up2 email address',
    text: [
      `Hi ${user.displayName},`,
      '',
      `You asked to move your Up2 account @${user.username} to this address. To confirm, open this link within 24 hours:`,
      '',
      appLink(env, '/verify-email', token),
      '',
      'Your account keeps its old address until then. If it was not you, ignore this email.',
    ].join('\n'),
  });
}

function tellOldAddress(env: Env, user: UserRow, newEmail: string) {
  return sendMail(env, {
    to: user.email,
    subject: 'Your Up2 email address changed',
    text: [
      `Hi ${user.displayName},`,
      '',
      `The email address of your Up2 account @${user.username} is now ${newEmail}. We will write there from now on.`,
      '',
      'If you did not change it, reset your password at once and write to us through the feedback page.',
    ].join('\n'),
  });
}

/**
 * Follows a mailed link, once: its address becomes the account's, verified. A new address replaces
 * the old (updates, confirmed by the old one, stop; the old one is told if it was proven); the
 * account's own address confirms updates when the sign-up asked for them. Every other link of the
 * account stops working.
 */
export async function verifyEmail(db: Db, env: Env, token: string): Promise<UserRow> {
  const tokenHash = await sha256Hex(token);
  const found = await db
    .select({ link: emailVerifications, user: users })
    .from(emailVerifications)
    .innerJoin(users, eq(users.id, emailVerifications.userId))
    .where(
      and(
        eq(emailVerifications.tokenHash, tokenHash),
        gt(emailVerifications.expiresAt, new Date()),
      ),
    )
    .get();
  if (!found) throw new Refusal('invalid', invalidVerificationLink);
  const { link, user } = found;
  const moving = link.email !== user.email;
  const stillLive = sql`exists (select 1 from ${emailVerifications} where ${emailVerifications.tokenHash} = ${tokenHash})`;
  const [[updated]] = await db
    .batch([
      db
        .update(users)
        .set({
          email: link.email,
          emailVerified: true,
          emailOptIn: moving ? false : user.emailOptIn || link.wantsUpdates,
        })
        .where(and(eq(users.id, user.id), stillLive))
        .returning(),
      db.delete(emailVerifications).where(eq(emailVerifications.userId, user.id)),
      db
        .delete(updatesConfirmations)
        .where(
          and(eq(updatesConfirmations.userId, user.id), ne(updatesConfirmations.email, link.email)),
        ),
    ])
    .catch((error: unknown) => {
      if (failedWith(error, 'UNIQUE constraint failed')) {
        throw new Refusal('conflict', emailTaken, { fields: { email: emailTaken } });
      }
      throw error;
    });
  // Followed twice at once: the other request used the link first.
  if (!updated) throw new Refusal('invalid', invalidVerificationLink);
  if (moving && user.emailVerified) await tellOldAddress(env, user, link.email);
  return updated;
}

export function deleteExpiredVerifications(db: Db) {
  return db.delete(emailVerifications).where(lt(emailVerifications.expiresAt, new Date()));
}
