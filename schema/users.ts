import { z } from 'zod';
import { hasSomeField, optionalAvatarUrl, optionalText, visibleText } from './fields';

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Username is required')
  .min(3, 'Username must be at least 3 characters')
  .max(20, 'Username must be 20 characters or less')
  .regex(/^[a-z0-9]+$/, 'Only letters and numbers, 3-20 characters');

/** Names a board link could collide with: `/@api` must never shadow a route. */
export const reservedUsernames = new Set([
  'admin',
  'api',
  'app',
  'assets',
  'auth',
  'board',
  'boards',
  'dashboard',
  'discover',
  'embed',
  'feedback',
  'following',
  'forgotpassword',
  'help',
  'login',
  'logout',
  'me',
  'new',
  'null',
  'register',
  'resetpassword',
  'root',
  'settings',
  'signin',
  'signup',
  'static',
  'support',
  'sw',
  'system',
  'undefined',
  'up2',
  'www',
]);

/**
 * Whether a page's one path segment is a board's address: `@` and a name (Board Not Found when
 * nobody has it), or a username alone (`/alice`). Any other segment names no page of ours.
 */
export function isBoardAddress(segment: string): boolean {
  if (segment.startsWith('@')) return true;
  const name = segment.toLowerCase();
  return /^[a-z0-9]{3,20}$/.test(name) && !reservedUsernames.has(name);
}

export const maxPasswordLength = 256;

export const emailSchema = (message: string) =>
  z.string({ error: message }).trim().toLowerCase().max(254, message).pipe(z.email(message));

export const registerInput = z.strictObject({
  username: usernameSchema,
  email: emailSchema('Please enter a valid email address'),
  password: z
    .string({ error: 'Password must be at least 6 characters long.' })
    .min(6, 'Password must be at least 6 characters long.')
    .max(maxPasswordLength, `Password must be ${maxPasswordLength} characters or less.`),
  displayName: z
    .string({ error: 'Display name is required' })
    .trim()
    .min(1, 'Display name is required')
    .max(50, 'Display name must be 50 characters or less.')
    .pipe(visibleText('Display name')),
  emailOptIn: z.boolean().default(false),
});

export const loginInput = z.strictObject({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Username is required')
    .max(254),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(maxPasswordLength),
});

export const profileUpdateInput = z
  .strictObject({
    isPublic: z.boolean(),
    displayName: registerInput.shape.displayName,
    bio: optionalText(280, 'Bio', { multiline: true }),
    tagline: optionalText(80, 'Tagline'),
    avatar: optionalAvatarUrl('Avatar'),
  })
  .partial()
  .refine(hasSomeField, 'Send at least one field to change.');

export const forgotPasswordInput = z.strictObject({
  email: emailSchema('Please enter a valid email address'),
});

export const resetPasswordInput = z.strictObject({
  token: z.string({ error: 'The reset link is invalid or has expired.' }).min(1).max(200),
  newPassword: z
    .string({ error: 'Password must be at least 6 characters' })
    .min(6, 'Password must be at least 6 characters')
    .max(maxPasswordLength, `Password must be ${maxPasswordLength} characters or less.`),
});

/** `POST /api/auth/reset-password/check`: whether a reset link still works, without using it. */
export const resetTokenCheckInput = resetPasswordInput.pick({ token: true });
export const resetTokenCheckAnswer = z.object({ usable: z.boolean() });

export type RegisterInput = z.infer<typeof registerInput>;
export type ProfileUpdateInput = z.infer<typeof profileUpdateInput>;

/** Who a board belongs to, as visitors see it. */
export const publicUser = z.object({
  username: z.string(),
  displayName: z.string(),
  bio: z.string().nullable(),
  tagline: z.string().nullable(),
  avatar: z.string().nullable(),
});

/** The signed-in person, as they see themselves. */
export const ownUser = publicUser.extend({
  // Sent back with feedback, which names its author.
  id: z.number().int(),
  email: z.string(),
  emailOptIn: z.boolean(),
  /** Whether a link mailed to `email` was followed: resets and updates go only to a proven address. */
  emailVerified: z.boolean(),
  isPublic: z.boolean(),
  isAdmin: z.boolean(),
  isModerator: z.boolean(),
});

export const ownUserAnswer = z.object({ user: ownUser });
export const sessionAnswer = z.object({ token: z.string(), user: ownUser });
export const messageAnswer = z.object({ message: z.string() });

/**
 * What registering answers, whether or not the address already had an account (that account's
 * owner is mailed instead): the answer never tells which addresses have accounts.
 */
export const registeredMessage =
  'Account created. Check your inbox: open the link we sent to confirm your email address.';
