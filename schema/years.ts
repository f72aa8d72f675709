import { z } from 'zod';
import { publicBlock } from './blocks';
import { boardSettings } from './boards';
import { publicGoal } from './goals';
import { publicUser } from './users';

/** The first year a year in review can be asked for. */
export const firstReviewYear = 2000;

export const yearParam = z.strictObject({
  username: z
    .string()
    .trim()
    .max(100)
    .transform((name) => name.replace(/^@/, '').toLowerCase()),
  year: z.coerce
    .number({ error: 'year must be a year, like 2026.' })
    .int('year must be a year, like 2026.')
    .min(firstReviewYear, `year must be ${firstReviewYear} or later.`)
    .max(9999, 'year must be a year, like 2026.'),
});

const monthFigures = z.object({
  // Story events of the month: blocks added, started, finished, planned, goals reached.
  events: z.number().int(),
  // Blocks that reached Done in the month and are still there.
  finished: z.number().int(),
});

/**
 * A board's year in review (`/@username/year/2026`, `GET /api/boards/{username}/years/{year}`):
 * only what visitors may see counts, in the owner's time zone.
 */
export const yearFigures = z.object({
  user: publicUser,
  board: boardSettings,
  year: z.number().int(),
  // The years the board has news in, newest first: the review's other years.
  years: z.array(z.number().int()),
  // No story event in the year: the page says so and offers the board instead.
  isEmpty: z.boolean(),
  finished: z.object({
    total: z.number().int(),
    byCategory: z.array(z.object({ category: z.string(), count: z.number().int() })),
    // The year's last finishes, newest first (at most 6): what its images show, covers and titles.
    latest: z.array(publicBlock),
  }),
  firstFinished: publicBlock.nullable(),
  lastFinished: publicBlock.nullable(),
  // The block that spent longest in Now within the year, and for how many days.
  longestNow: z.object({ block: publicBlock, days: z.number().int() }).nullable(),
  // The block copied by most people within the year.
  mostCopied: z.object({ block: publicBlock, copies: z.number().int() }).nullable(),
  // The year's public goals with their progress (met when done reaches target).
  goals: z.array(publicGoal),
  // 0 for January; null in a year with no news.
  busiestMonth: z.number().int().min(0).max(11).nullable(),
  months: z.array(monthFigures).length(12),
});
export type YearFigures = z.output<typeof yearFigures>;
