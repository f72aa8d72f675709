import { z } from 'zod';
import { accentColours } from './accents';
import { imageRatios } from './block-values';
import { ownBlock, ownTabs, publicBlock } from './blocks';
import { boardTabs } from './board-pages';
import { categoryKeys } from './categories';
import { hasSomeField } from './fields';
import { publicGoal } from './goals';
import { ownUser, publicUser } from './users';

export const boardSettingsInput = z
  .strictObject({
    globalImageRatio: z.enum(imageRatios, {
      error: 'Image ratio must be square, wide or tall.',
    }),
    hideAllImages: z.boolean({ error: 'hideAllImages must be true or false.' }),
    accent: z.enum(accentColours, {
      error: `The board's colour must be one of: ${accentColours.join(', ')}.`,
    }),
    timeZone: z
      .string({ error: 'timeZone must be a time zone name, like Europe/Lisbon.' })
      .max(64, 'timeZone must be a time zone name, like Europe/Lisbon.')
      .refine(isTimeZone, 'timeZone must be a time zone name, like Europe/Lisbon.'),
  })
  .partial()
  .refine(hasSomeField, 'Send globalImageRatio, hideAllImages, accent or timeZone.');

/** Whether this runtime knows `zone` (an IANA name) as a time zone. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The embed's colours: light, dark, or the reader's system setting (auto). */
export const embedThemes = ['light', 'dark', 'auto'] as const;
export type EmbedTheme = (typeof embedThemes)[number];

export const embedQuery = z.object({
  theme: z.enum(embedThemes, { error: 'theme must be light, dark or auto.' }).default('light'),
});

/** Discover narrowed to the boards, and the trending blocks, of one category. */
const discoverCategory = z
  .enum(categoryKeys, { error: `category must be one of: ${categoryKeys.join(', ')}.` })
  .optional();

export const discoverQuery = z.strictObject({
  q: z.string().trim().max(100, 'Search must be 100 characters or less.').optional(),
  category: discoverCategory,
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be between 1 and 50.')
    .max(50, 'limit must be between 1 and 50.')
    .default(24),
  cursor: z
    .string()
    .regex(/^\d{1,15}-\d{1,15}$/, 'cursor must be the nextCursor of an earlier answer.')
    .optional(),
});

export const boardSettings = z.object({
  globalImageRatio: z.enum(imageRatios),
  hideAllImages: z.boolean(),
  // The board's colour, from a fixed palette (schema/accents.ts).
  accent: z.enum(accentColours),
});

export const boardSettingsAnswer = z.object({
  // The owner's time zone (where their years and weeks begin) is theirs alone to read.
  board: boardSettings.extend({ timeZone: z.string().nullable() }),
});

/**
 * A board as its page shows it: its settings, when its visible blocks last changed (ms), this
 * year's public goals with their progress, the streak in weeks once it is worth showing, and the
 * year its review is linked for (this year once something was finished in it, else null).
 */
const shownBoard = boardSettings.extend({
  updatedAt: z.number().int().nullable(),
  goals: z.array(publicGoal),
  streakWeeks: z.number().int().nullable(),
  reviewYear: z.number().int().nullable(),
  // The owner's account is new (its address unproven or under a day old): its links carry
  // rel="nofollow ugc" until it is established.
  nofollowLinks: z.boolean(),
  // The owner moved the board's fediverse account: the new account as `@name@server` (its address
  // when its server gave no name) and its address, for the page's notice. Null until it moves.
  movedTo: z.object({ name: z.string(), url: z.string() }).nullable(),
});

/**
 * `GET /api/boards/{username}` to anyone but the owner: visible blocks only, no counts. `blocks`
 * holds the first page of each tab (`tabPageSize`), in board order; `tabs` how many each holds in
 * all and where its next page is.
 */
export const publicBoardAnswer = z.object({
  board: shownBoard,
  blocks: z.array(publicBlock),
  tabs: boardTabs,
  user: publicUser,
});

/** A public board, as visitors read it and as the Worker hands it to the pages it renders. */
export type PublicBoard = z.output<typeof publicBoardAnswer>;

/** The same board to its signed-in owner: every block, hidden ones too, with their counts. */
export const ownBoardAnswer = z.object({
  board: shownBoard,
  blocks: z.array(ownBlock),
  tabs: boardTabs,
  user: ownUser,
});

/**
 * `GET /api/blocks/me`: the first page of each tab (all of a tab under `tabPageSize`), first
 * to last and tab after tab, with each tab's true count and where its first page ends.
 */
export const ownBlocksAnswer = z.object({
  blocks: z.array(ownBlock),
  tabs: ownTabs,
  board: boardSettings,
});

export const discoverAnswer = z.object({
  boards: z.array(
    z.object({
      user: publicUser,
      board: boardSettings,
      blocks: z.array(publicBlock),
      // The board's other visible blocks, which its card names ("+3 more") but does not carry.
      moreBlocks: z.number().int(),
    }),
  ),
  nextCursor: z.string().nullable(),
  // Every board the search matches, however many pages of them have loaded; or, when
  // `totalIsFloor`, the count a search stopped at ("5000+ boards").
  total: z.number().int(),
  totalIsFloor: z.boolean(),
});

export const trendingQuery = z.strictObject({ category: discoverCategory });

/** "Trending this week": each block with its board's look, its owner, and the week's count. */
export const trendingAnswer = z.object({
  trending: z.array(
    z.object({
      block: publicBlock,
      board: boardSettings,
      user: publicUser.pick({ username: true, displayName: true, avatar: true }),
      // Copies of the block, and starts of it or of its copies, in the last 7 days.
      weeklyCount: z.number().int(),
    }),
  ),
});
