import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { weekNumber, weekSql, zoneOf, zoneOffset } from './calendar';

export type Streak = { current: number; longest: number };

/**
 * The weeks (Monday to Sunday, in the owner's zone at its offset now) in which the board had at
 * least one story event of a block visitors see, newest first. Read from the events themselves,
 * through (user_id, at): no counter to drift.
 */
function weeksWithNews(db: Db, userId: number, offset: number) {
  // Cast: D1 may bind a number as REAL, and the division must drop the part of the week.
  const week = sql<number>`CAST((news.at + ${offset + weekSql.mondayShiftMs}) / ${weekSql.weekMs} AS INTEGER)`;
  return db.all<{ week: number }>(sql`
    SELECT DISTINCT ${week} AS week FROM block_story_events news
    JOIN blocks shown ON shown.id = news.block_id
    WHERE news.user_id = ${userId} AND shown.is_visible = 1
    ORDER BY week DESC`);
}

/**
 * The streak in weeks: the current one runs up to this week, or to last week while this one has
 * no news yet (a week in progress breaks nothing); the longest is the longest run ever.
 */
export function streakOf(weeks: number[], thisWeek: number): Streak {
  const sorted = [...new Set(weeks)].sort((a, b) => b - a);
  let longest = 0;
  let run = 0;
  let previous: number | undefined;
  for (const week of sorted) {
    run = previous !== undefined && previous - week === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = week;
  }
  let current = 0;
  let expected = sorted[0] === thisWeek ? thisWeek : thisWeek - 1;
  for (const week of sorted) {
    if (week > expected) continue;
    if (week !== expected) break;
    current += 1;
    expected -= 1;
  }
  return { current, longest };
}

/** The board's streak at `now`, in the owner's time zone. */
export async function readStreak(
  db: Db,
  userId: number,
  timeZone: string | null,
  now = Date.now(),
): Promise<Streak> {
  const offset = zoneOffset(now, zoneOf(timeZone));
  const weeks = await weeksWithNews(db, userId, offset);
  return streakOf(
    weeks.map((row) => Number(row.week)),
    weekNumber(now, offset),
  );
}
