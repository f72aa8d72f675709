import { z } from 'zod';
// Imported for its one-time zod configuration (jitless), like every schema module.
import './fields';
import { notificationKinds } from './block-values';
import { moderationActionKinds } from './moderation-values';

/** How many notifications the list shows: the latest. */
export const notificationPageSize = 30;

/** Unread notifications are counted up to this many; the badge then reads "99+". */
export const maxCountedUnread = 100;

export const notificationsAnswer = z.object({
  notifications: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(notificationKinds),
      // When it happened, in ms since the epoch.
      at: z.number().int(),
      unread: z.boolean(),
      actor: z.object({
        username: z.string(),
        displayName: z.string(),
        avatar: z.string().nullable(),
      }),
      // The block copied; null for a follow.
      block: z.object({ id: z.number().int(), title: z.string() }).nullable(),
      // For a `moderated` notice: what a moderator did to the board, and why.
      moderation: z
        .object({
          action: z.enum(moderationActionKinds),
          note: z.string(),
          // The action's id, which an appeal names, and whether the owner appealed it already.
          actionId: z.number().int(),
          appealed: z.boolean(),
          // For a suspension still in force: when the account and board will be deleted (ms).
          deletesAt: z.number().int().nullable(),
        })
        .nullable(),
      // For `liked`, `boosted` and `replied`: the account elsewhere (`@name@server`, its name and
      // the picture we copied) and the story it answered ("Finished Piranesi").
      fediverse: z
        .object({
          handle: z.string(),
          name: z.string().nullable(),
          avatarUrl: z.string().nullable(),
          story: z.string(),
        })
        .nullable(),
    }),
  ),
});

/** How many are unread, counted up to `maxCountedUnread`. */
export const unreadAnswer = z.object({ unread: z.number().int() });

/** Opening the list reads what it showed: everything up to its newest notification's `at`. */
export const markReadInput = z.strictObject({
  upTo: z
    .number({ error: 'upTo must be the time of the newest notification shown, in ms.' })
    .int('upTo must be the time of the newest notification shown, in ms.')
    .nonnegative('upTo must be the time of the newest notification shown, in ms.'),
});

export const notificationSettingsInput = z.strictObject({
  byEmail: z.boolean({ error: 'byEmail must be true or false.' }),
});
export const notificationSettingsAnswer = z.object({ byEmail: z.boolean() });
