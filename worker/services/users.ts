import { eq } from 'drizzle-orm';
import { users } from '../../schema/tables';
import type { ProfileUpdateInput, RegisterInput } from '../../schema/users';
import { reservedUsernames } from '../../schema/users';
import { ApiError } from '../middleware/errors';
import type { UserRow } from '../types';
import { type Db, failedWith } from './db';
import { hashPassword } from './passwords';

/** What anyone may see of a user: never the email, never the password hash. */
export function toPublicUser(user: UserRow) {
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    bio: user.bio,
    tagline: user.tagline,
    avatar: user.avatar,
    isPublic: user.isPublic,
    createdAt: user.createdAt.toISOString(),
  };
}

/** What the signed-in user sees of themselves. */
export function toOwnUser(user: UserRow, env: Pick<Env, 'ADMIN_USERNAME'>) {
  return {
    ...toPublicUser(user),
    email: user.email,
    emailOptIn: user.emailOptIn,
    isAdmin: isAdmin(user, env),
  };
}

export function isAdmin(user: UserRow, env: Pick<Env, 'ADMIN_USERNAME'>): boolean {
  return user.username === env.ADMIN_USERNAME.toLowerCase();
}

export function findUserById(db: Db, id: number) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export function findUserByUsername(db: Db, username: string) {
  return db.query.users.findFirst({ where: eq(users.username, username.toLowerCase()) });
}

export function findUserByEmail(db: Db, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, email.toLowerCase()) });
}

function refuseReservedUsername(username: string, env: Pick<Env, 'ADMIN_USERNAME'>) {
  if (reservedUsernames.has(username) && username !== env.ADMIN_USERNAME.toLowerCase()) {
    const message = 'This username is reserved. Please choose another.';
    throw new ApiError(400, message, { username: message });
  }
}

async function refuseTakenUsernameOrEmail(db: Db, input: RegisterInput) {
  const [byName, byEmail] = await Promise.all([
    findUserByUsername(db, input.username),
    findUserByEmail(db, input.email),
  ]);
  if (byName) {
    const message = 'This username is already taken.';
    throw new ApiError(409, message, { username: message });
  }
  if (byEmail) {
    const message = 'An account with this email already exists.';
    throw new ApiError(409, message, { email: message });
  }
}

export async function registerUser(db: Db, env: Env, input: RegisterInput): Promise<UserRow> {
  refuseReservedUsername(input.username, env);
  await refuseTakenUsernameOrEmail(db, input);
  const passwordHash = await hashPassword(input.password, env.PASSWORD_PEPPER);
  try {
    const [inserted] = await db
      .insert(users)
      .values({
        username: input.username,
        email: input.email,
        displayName: input.displayName,
        emailOptIn: input.emailOptIn,
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
  if (!updated) throw new ApiError(404, 'This account no longer exists.');
  return updated;
}
