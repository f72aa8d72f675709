import { z } from 'zod';
// Imported for its one-time zod configuration (jitless), like every schema module.
import './fields';

/** `GET /api/analytics/me`: the owner's numbers. */
export const analyticsAnswer = z.object({
  totalViews: z.number().int(),
  weeklyViews: z.number().int(),
  /** Distinct visitors each day of the last 7, summed. */
  uniqueVisitors: z.number().int(),
  totalCopies: z.number().int(),
  totalClicks: z.number().int(),
  popularBlocks: z.array(
    z.object({ id: z.number().int(), title: z.string(), copies: z.number().int() }),
  ),
});
