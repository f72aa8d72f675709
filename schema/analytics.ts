import { z } from 'zod';
// Imported for its one-time zod configuration (jitless), like every schema module.
import './fields';

/** One UTC day (`YYYY-MM-DD`) of the owner's chart. */
const dayOfActivity = z.object({
  date: z.string(),
  views: z.number().int(),
  clicks: z.number().int(),
});

/** `GET /api/analytics/me`: the owner's numbers. */
export const analyticsAnswer = z.object({
  totalViews: z.number().int(),
  weeklyViews: z.number().int(),
  /** Distinct visitors each day of the last 7, summed. */
  uniqueVisitors: z.number().int(),
  totalCopies: z.number().int(),
  totalClicks: z.number().int(),
  /** How many people follow the board; who they are is never told. */
  followers: z.number().int(),
  popularBlocks: z.array(
    z.object({ id: z.number().int(), title: z.string(), copies: z.number().int() }),
  ),
  /** The last 30 days, oldest first, days with nothing as zeros. */
  daily: z.array(dayOfActivity),
});
