import { z } from 'zod';
// Imported for its one-time zod configuration (jitless), like every schema module.
import './fields';

/** One UTC day (`YYYY-MM-DD`) of the owner's chart. */
const dayOfActivity = z.object({
  date: z.string(),
  views: z.number().int(),
  clicks: z.number().int(),
});

/** Views of the last 30 days from one referring site, country or device class. */
const viewShare = z.object({
  /**
   * A referring site's domain (`direct` for none, `up2` for Up2's own pages, `other` past the
   * day's bound), a two-letter country code (`XX` unknown, `T1` Tor), or `phone`, `tablet`,
   * `desktop`.
   */
  name: z.string(),
  views: z.number().int(),
});

/**
 * Where the last 30 days' views came from, the top five of each, counted per day and never per
 * visitor; and the five blocks whose links were followed most, with each one's click-through rate
 * (its clicks over the board's views of the same days).
 */
const insights = z.object({
  /** The board's views of the last 30 days: the denominator of every rate. */
  views: z.number().int(),
  referrers: z.array(viewShare),
  countries: z.array(viewShare),
  devices: z.array(viewShare),
  blocks: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      clicks: z.number().int(),
      clickThroughRate: z.number(),
    }),
  ),
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
  insights,
});
