import { eq } from 'drizzle-orm';
import { retiredUsernames, users } from '../../../schema/tables';
import type { ProfileUpdateInput, RegisterInput } from '../../../schema/users';
import { reservedUsernames } from '../../../schema/users';
import { type Db, failedWith } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { type BoardWriter, commitChange } from '../board-changes/record';
import type { Defer } from './email-verification';

/** The mail a sign-up sends: loaded with the first sign-up, never at an isolate's start. */
const verification = () => import('./email-verification');

import { hashPassword, refuseCommonPassword } from './passwords';

export type UserRow = typeof users.$inferSelect;

export function findUserByUsername(db: Db, username: string) {
  return db.select().from(users).where(eq(users.username, username.toLowerCase())).get();
}

export function findUserByEmail(db: Db, email: string) {
  return db.select().from(users).where(eq(users.email, email.toLowerCase())).get();
}

function refuseReservedUsername(username: string) {
  if (reservedUsernames.has(username)) {
    const message = 'This username is reserved. Please choose another.';
    throw new Refusal('invalid', message, { fields: { username: message } });
  }
}

/** Whether the name belonged to an account since deleted: it is never given again (decision 0040). */
export async function isRetiredUsername(db: Db, username: string) {
  const retired = await db
    .select({ username: retiredUsernames.username })
    .from(retiredUsernames)
    .where(eq(retiredUsernames.username, username.toLowerCase()))
    .get();
  return retired !== undefined;
}

/**
 * Why a board's fediverse addresses answer 410 Gone, or null: its account was deleted (the name is
 * never given again), or a moderator suspended it (its followers are kept for an unsuspend).
 */
export async function whyBoardIsGone(db: Db, username: string) {
  if (await isRetiredUsername(db, username)) return 'This board was deleted.';
  const owner = await findUserByUsername(db, username);
  return owner?.suspendedAt ? 'This board was suspended.' : null;
}

async function refuseTakenUsername(db: Db, username: string) {
  const [holder, retired] = await Promise.all([
    findUserByUsername(db, username),
    isRetiredUsername(db, username),
  ]);
  if (holder || retired) {
    // Names are public (`/@name`): saying one is taken tells nothing a board link does not, and a
    // deleted account's name is refused in the same words.
    const message = 'This username is already taken.';
    throw new Refusal('conflict', message, { fields: { username: message } });
  }
}

/**
 * Registers the account and mails its address a link to prove it. An address that already has an
 * account gets, instead, a word to its owner (or, unproven, a fresh link); nothing is created, and
 * the caller answers as for a new account, after the same hashing work: neither the answer nor
 * its time tells which addresses have accounts. The mail goes out through `defer`, after the answer.
 */
export async function registerUser(db: Db, env: Env, input: RegisterInput, defer: Defer) {
  refuseReservedUsername(input.username);
  await refuseCommonPassword(input.password, 'password');
  await refuseTakenUsername(db, input.username);
  const passwordHash = await hashPassword(input.password, env.PASSWORD_PEPPER);
  const holder = await findUserByEmail(db, input.email);
  if (holder) {
    defer(verification().then(({ tellOfSignUpAttempt }) => tellOfSignUpAttempt(db, env, holder)));
    return;
  }
  try {
    const [user] = await db
      .insert(users)
      .values({
        username: input.username,
        email: input.email,
        displayName: input.displayName,
        passwordHash,
      })
      .returning();
    if (user) {
      const wantsUpdates = input.emailOptIn;
      defer(
        verification().then((mail) => mail.sendVerificationMail(db, env, user, { wantsUpdates })),
      );
    }
  } catch (error) {
    const raced = ['UNIQUE constraint failed', 'username_retired'].some((reason) =>
      failedWith(error, reason),
    );
    if (!raced) throw error;
    // Two sign-ups racing, or a deletion: a name taken or retired meanwhile is refused like any
    // taken name; an address taken meanwhile is answered like one taken before.
    await refuseTakenUsername(db, input.username);
    const racer = await findUserByEmail(db, input.email);
    if (!racer) throw error;
    defer(verification().then(({ tellOfSignUpAttempt }) => tellOfSignUpAttempt(db, env, racer)));
  }
}

/** A change of who may see the board alone, or of how it introduces itself (privacy with it or not). */
const aspectOf = (input: ProfileUpdateInput) =>
  Object.keys(input).every((field) => field === 'isPublic') ? 'privacy' : 'profile';

export async function updateProfile(writer: BoardWriter, input: ProfileUpdateInput) {
  const { db, userId } = writer;
  const { results } = await commitChange(writer, aspectOf(input), [
    db.update(users).set(input).where(eq(users.id, userId)).returning(),
  ]);
  const [updated] = results[0];
  if (!updated) throw new Refusal('not-found', 'This account no longer exists.');
  return updated;
}
