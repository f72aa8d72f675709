import { z } from 'zod';
import { tokenScopes } from './access-tokens';
import { blockStatuses, goalScopes, sourceKinds } from './block-values';
import { ownBlock } from './blocks';
import { boardSettings } from './boards';
import { feedbackItem } from './feedback';
import { emailSchema, maxPasswordLength, ownUser } from './users';

const currentPassword = z
  .string({ error: 'Please enter your current password.' })
  .min(1, 'Please enter your current password.')
  .max(maxPasswordLength);

const newPassword = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(6, 'Password must be at least 6 characters')
  .max(maxPasswordLength, `Password must be ${maxPasswordLength} characters or less.`);

export const changePasswordInput = z.strictObject({ currentPassword, newPassword });

export const changeEmailInput = z.strictObject({
  password: currentPassword,
  email: emailSchema('Please enter a valid email address'),
});

export const deleteAccountInput = z.strictObject({ password: currentPassword });

export type ChangePasswordInput = z.infer<typeof changePasswordInput>;
export type ChangeEmailInput = z.infer<typeof changeEmailInput>;

const exportedImage = z.string().nullable();

/**
 * `GET /api/account/export`: everything Up2 holds about the person, as one file. Images are links
 * anyone may open, so the file stands on its own.
 */
export const accountExport = z.object({
  exportedAt: z.iso.datetime(),
  account: ownUser.extend({
    avatar: exportedImage,
    createdAt: z.iso.datetime(),
  }),
  board: boardSettings.extend({ url: z.string() }),
  blocks: z.array(
    ownBlock.extend({
      imageUrl: exportedImage,
      createdAt: z.iso.datetime(),
      updatedAt: z.iso.datetime(),
    }),
  ),
  feedback: z.array(feedbackItem.omit({ userId: true })),
  dailyStats: z.array(
    z.object({
      day: z.string(),
      views: z.number().int(),
      visitors: z.number().int(),
      clicks: z.number().int(),
    }),
  ),
  /** Where the board's views came from, per day: counts by referring site, country, device. */
  dailyInsights: z.array(
    z.object({
      day: z.string(),
      kind: z.enum(['referrer', 'country', 'device']),
      name: z.string(),
      views: z.number().int(),
    }),
  ),
  /** The clicks on each block's link per day. */
  dailyBlockClicks: z.array(
    z.object({ day: z.string(), blockId: z.number().int(), clicks: z.number().int() }),
  ),
  sessions: z.array(z.object({ createdAt: z.iso.datetime(), expiresAt: z.iso.datetime() })),
  goals: z.array(
    z.object({
      year: z.number().int(),
      target: z.number().int(),
      scope: z.enum(goalScopes),
      scopeKey: z.string().nullable(),
      isPrivate: z.boolean(),
      createdAt: z.iso.datetime(),
    }),
  ),
  /** The feeds that fill the board, with the options they were connected with. */
  sources: z.array(
    z.object({
      url: z.string(),
      kind: z.enum(sourceKinds),
      title: z.string(),
      options: z.object({
        shelves: z.array(z.enum(blockStatuses)),
        startHidden: z.boolean(),
        blockPerItem: z.boolean(),
      }),
      paused: z.boolean(),
      createdAt: z.iso.datetime(),
    }),
  ),
  /** Personal access tokens by name: the token itself is never kept, so never exported. */
  accessTokens: z.array(
    z.object({
      name: z.string(),
      scopes: z.array(z.enum(tokenScopes)),
      createdAt: z.iso.datetime(),
      lastUsedAt: z.iso.datetime().nullable(),
    }),
  ),
  passkeys: z.array(
    z.object({
      name: z.string(),
      createdAt: z.iso.datetime(),
      lastUsedAt: z.iso.datetime().nullable(),
    }),
  ),
});
