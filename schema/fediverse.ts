import { z } from 'zod';
// Imported for its one-time zod configuration (jitless), like every schema module.
import { hasSomeField, idParam } from './fields';

/** `DELETE /api/fediverse/followers/{id}`: one of the owner's fediverse followers. */
export const fediverseFollowerParam = idParam('Fediverse follower not found.');

/**
 * `GET /api/fediverse/followers`: the people on other servers who follow the owner's board, latest
 * first, as their own server describes them: `@name@server`, their display name and picture (each
 * null where their server gives none), whether the follow waits for the owner's approval (one
 * server sent more than it may), and when they followed (ms).
 */
export const fediverseFollowersAnswer = z.object({
  followers: z.array(
    z.object({
      id: z.number().int(),
      handle: z.string(),
      name: z.string().nullable(),
      avatarUrl: z.string().nullable(),
      waiting: z.boolean(),
      followedAt: z.number().int(),
    }),
  ),
});

/** `DELETE /api/fediverse/followers/{id}`: the follower is gone (their server is told). */
export const fediverseFollowerRemovedAnswer = z.object({ removed: z.literal(true) });

/** `POST /api/fediverse/followers/{id}/approve`: the follow that waited is let in (their server is told). */
export const fediverseFollowerApprovedAnswer = z.object({ approved: z.literal(true) });

/**
 * `POST /api/fediverse/remote-follow`: a visitor with an account elsewhere (`handle`,
 * `@name@server`) wants to follow the board `username` from there.
 */
export const remoteFollowInput = z.object({
  username: z.string().trim().min(1).max(64),
  handle: z
    .string()
    .trim()
    .min(1, 'Type your handle, like @you@mastodon.social.')
    .max(300, 'A handle is at most 300 characters.'),
});

/** Their server's page for following the board from there: the app sends the visitor to it. */
export const remoteFollowAnswer = z.object({ url: z.string() });

const accountMessage = 'Name an account as @name@server or by its address (https://…).';
const fediverseAccount = z
  .string({ error: accountMessage })
  .trim()
  .min(1, accountMessage)
  .max(300, 'An account is at most 300 characters.');

/**
 * `PATCH /api/fediverse/profile`: the accounts the owner had elsewhere (`alsoKnownAs`, at most 5:
 * any of them may then move its followers here), and the account the board moves to (`movedTo`,
 * which must name the board among its own; null stays). Each is `@name@server` or an actor's
 * address, and must be found.
 */
export const fediverseProfileInput = z
  .strictObject({
    alsoKnownAs: z
      .array(fediverseAccount, { error: 'alsoKnownAs must be a list of accounts.' })
      .max(5, 'Name at most 5 accounts you had before.'),
    movedTo: fediverseAccount,
  })
  .partial()
  .refine(hasSomeField, 'Send alsoKnownAs or movedTo.');

/** The board's fediverse account: its former accounts and where it moved (actor addresses). */
export const fediverseProfileAnswer = z.object({
  alsoKnownAs: z.array(z.string()),
  movedTo: z.string().nullable(),
});
