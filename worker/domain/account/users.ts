import { eq } from 'drizzle-orm';
import { users } from '../../../schema/tables';
import type { ProfileUpdateInput, RegisterInput } from '../../../schema/users';
import { reservedUsernames } from '../../../schema/users';
import { type Db, failedWith } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
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

async function refuseTakenUsernameOrEmail(db: Db, input: RegisterInput) {
  const [byName, byEmail] = await Promise.all([
    findUserByUsername(db, input.username),
    findUserByEmail(db, input.email),
  ]);
  if (byName) {
    const message = 'This username is already taken.';
    throw new Refusal('conflict', message, { fields: { username: message } });
  }
  if (byEmail) {
    const message = 'An account with this email already exists.';
    throw new Refusal('conflict', message, { fields: { email: message } });
  }
}

export async function registerUser(db: Db, env: Env, input: RegisterInput): Promise<UserRow> {
  refuseReservedUsername(input.username);
  refuseCommonPassword(input.password, 'password');
  await refuseTakenUsernameOrEmail(db, input);
  const passwordHash = await hashPassword(input.password, env.PASSWORD_PEPPER);
  try {
    const [inserted] = await db
      .insert(users)
      .values({
        username: input.username,
        email: input.email,
        displayName: input.displayName,
        passwordHash,
      })
      .returning();
    return inserted as UserRow;
  } catch (error) {
    // Two sign-ups racing for the same name: the loser learns it like any other taken name.
    if (failedWith(error, 'UNIQUE constraint failed')) await refuseTakenUsernameOrEmail(db, input);
    throw error;
  }
}

export async function updateProfile(db: Db, userId: number, input: ProfileUpdateInput) {
  const [updated] = await db.update(users).set(input).where(eq(users.id, userId)).returning();
  if (!updated) throw new Refusal('not-found', 'This account no longer exists.');
  return updated;
}
