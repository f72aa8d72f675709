import { and, eq, gt, sql } from 'drizzle-orm';
import { passwordResetTokens, sessions, users } from '../../schema/tables';
import type { Db } from './db';
import { Refusal } from './errors';
import { sendMail } from './mail';
import { hashPassword } from './passwords';
import { findUserByEmail } from './users';

const tokenLifetimeMs = 60 * 60 * 1000;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The link is built from APP_URL, never from the Host header, so it cannot be pointed elsewhere. */
export function resetLink(env: Pick<Env, 'APP_URL'>, token: string): string {
  const url = new URL('/reset-password', env.APP_URL);
  url.searchParams.set('token', token);
  return url.toString();
}

/** Emails a one-time link when the address has an account; does nothing visible otherwise. */
export async function requestPasswordReset(db: Db, env: Env, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
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
      resetLink(env, token),
      '',
      'If it was not you, ignore this email: your password stays as it is.',
    ].join('\n'),
  });
}

/**
 * Sets the new password, burns every reset token of the user and ends every session of theirs,
 * in one transaction: whoever knew the old password is signed out everywhere.
 */
export async function resetPassword(db: Db, env: Env, token: string, newPassword: string) {
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
  const [updated] = await db.batch([
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
