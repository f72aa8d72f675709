import { and, eq, gt, sql } from 'drizzle-orm';
import { loginFailures, passwordResetTokens, sessions, users } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { sendMail } from '../../platform/mail';
import { takeQuota } from '../../platform/quotas';
import { Refusal } from '../../platform/refusal';
import { appLink, randomToken, sha256Hex } from './one-time-tokens';
import { hashPassword, refuseCommonPassword } from './passwords';
import { findUserByEmail } from './users';

const tokenLifetimeMs = 60 * 60 * 1000;
const mailsPerAddress = { limit: 3, windowMs: 60 * 60 * 1000 };

/**
 * Emails a one-time link when the address has an account and is proven (email-verification.ts);
 * does nothing visible otherwise. At most
 * 3 mails an hour go to one address, however many addresses ask: the answer stays the same.
 */
export async function requestPasswordReset(db: Db, env: Env, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user?.emailVerified) return;
  if (!(await takeQuota(db, `reset-mail:${user.email}`, mailsPerAddress)).allowed) return;
  const token = randomToken();
  await db.insert(passwordResetTokens).values({
    tokenHash: await sha256Hex(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + tokenLifetimeMs),
  });
  await sendMail(env, {
    to: user.email,
    subject: 'Reset your Up2 password',
    text: [
      `Hi ${user.displayName},`,
      '',
      'Someone asked to reset the password of your Up2 account. To choose a new one, open this link within the next hour:',
      '',
      appLink(env, '/reset-password', token),
      '',
      'If it was not you, ignore this email: your password stays as it is.',
    ].join('\n'),
  });
}

/** Whether `token` would reset a password now (known and unexpired), leaving it unused. */
export async function isResetTokenUsable(db: Db, token: string): Promise<boolean> {
  const [found] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, await sha256Hex(token)),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return found !== undefined;
}

/**
 * Sets the new password, burns every reset token of the user, ends every session of theirs and
 * any wait on their sign-ins, in one transaction: whoever knew the old password is signed out
 * everywhere, and the owner can sign in at once.
 */
export async function resetPassword(db: Db, env: Env, token: string, newPassword: string) {
  await refuseCommonPassword(newPassword, 'newPassword');
  const tokenHash = await sha256Hex(token);
  const passwordHash = await hashPassword(newPassword, env.PASSWORD_PEPPER);
  const owner = db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    );
  const ownerName = db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, sql`(${owner})`));
  const [, updated] = await db.batch([
    db.delete(loginFailures).where(eq(loginFailures.username, sql`(${ownerName})`)),
    db
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, sql`(${owner})`))
      .returning({ id: users.id }),
    db.delete(sessions).where(eq(sessions.userId, sql`(${owner})`)),
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, sql`(${owner})`)),
  ]);
  if (updated.length === 0) {
    throw new Refusal(
      'invalid',
      'This reset link is invalid or has expired. Please request a new one.',
    );
  }
}
