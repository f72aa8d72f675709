import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { invalidConfirmationLink } from '../../../schema/email-updates';
import { updatesConfirmations, users } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { sendMail } from '../../platform/mail';
import { takeQuota } from '../../platform/quotas';
import { Refusal } from '../../platform/refusal';
import { appLink, randomToken, sha256Hex } from './one-time-tokens';
import type { UserRow } from './users';

const linkLifetimeMs = 3 * 24 * 60 * 60 * 1000;
const mailsPerHour = { limit: 3, windowMs: 60 * 60 * 1000 };

/**
 * "Send me updates" counts once the address confirms it (double opt-in): this mails the link that
 * confirms it, to a proven address only. At most 3 such mails an hour per account, so the feature cannot flood an inbox.
 */
export async function askForUpdates(db: Db, env: Env, user: UserRow): Promise<void> {
  if (user.emailOptIn) return;
  if (!user.emailVerified) {
    throw new Refusal(
      'forbidden',
      'Please confirm your email address first: open the link we sent you, or send a new one from your dashboard.',
    );
  }
  const quota = await takeQuota(db, `updates-mail:${user.id}`, mailsPerHour);
  if (!quota.allowed) {
    throw new Refusal(
      'too-many',
      'We already sent you confirmation links this hour. Please use the newest one, or try again later.',
      { retryAfterSeconds: quota.retryAfterSeconds },
    );
  }
  const token = randomToken();
  await db.insert(updatesConfirmations).values({
    tokenHash: await sha256Hex(token),
    userId: user.id,
    email: user.email,
    expiresAt: new Date(Date.now() + linkLifetimeMs),
  });
  await sendMail(env, {
    to: user.email,
    subject: 'Confirm Up2 updates',
    text: [
      `Hi ${user.displayName},`,
      '',
      'You asked Up2 to send you updates about new features and tips. To confirm, open this link within 3 days:',
      '',
      appLink(env, '/confirm-updates', token),
      '',
      'If it was not you, ignore this email: we will send you nothing more.',
    ].join('\n'),
  });
}

/**
 * Confirms the updates of the account the link was sent to, if the link is live and the account
 * still has the address it was sent to; every other link of the account stops working.
 */
export async function confirmUpdates(db: Db, token: string): Promise<void> {
  const owner = db
    .select({ userId: updatesConfirmations.userId })
    .from(updatesConfirmations)
    .innerJoin(users, eq(users.id, updatesConfirmations.userId))
    .where(
      and(
        eq(updatesConfirmations.tokenHash, await sha256Hex(token)),
        gt(updatesConfirmations.expiresAt, new Date()),
        eq(updatesConfirmations.email, users.email),
      ),
    );
  const [confirmed] = await db.batch([
    db
      .update(users)
      .set({ emailOptIn: true })
      .where(eq(users.id, sql`(${owner})`))
      .returning({ id: users.id }),
    db.delete(updatesConfirmations).where(eq(updatesConfirmations.userId, sql`(${owner})`)),
  ]);
  if (confirmed.length === 0) throw new Refusal('invalid', invalidConfirmationLink);
}

/** No more updates: the choice and any link still on its way are undone. */
export async function stopUpdates(db: Db, userId: number): Promise<UserRow> {
  const [updated] = await db.batch([
    db.update(users).set({ emailOptIn: false }).where(eq(users.id, userId)).returning(),
    db.delete(updatesConfirmations).where(eq(updatesConfirmations.userId, userId)),
  ]);
  if (!updated[0]) throw new Refusal('not-found', 'This account no longer exists.');
  return updated[0];
}

export function deleteExpiredConfirmations(db: Db) {
  return db.delete(updatesConfirmations).where(lt(updatesConfirmations.expiresAt, new Date()));
}
