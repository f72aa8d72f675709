import { shownStreakWeeks } from '../../../schema/goals';
import type { Db } from '../../platform/db';
import { yearAt, zoneOf } from './calendar';
import { goalsOfYearWithProgress } from './goals';
import { readStreak } from './streaks';

/**
 * What a board's header shows of the year: this year's public goals (the owner's zone) with their
 * progress, and the current streak in weeks from `shownStreakWeeks` on (null below).
 */
export async function yearOnBoard(
  db: Db,
  ownerId: number,
  timeZone: string | null,
  now = Date.now(),
) {
  const year = yearAt(now, zoneOf(timeZone));
  const [goals, streak] = await Promise.all([
    goalsOfYearWithProgress(db, ownerId, year, timeZone, { publicOnly: true }),
    readStreak(db, ownerId, timeZone, now),
  ]);
  return {
    goals,
    streakWeeks: streak.current >= shownStreakWeeks ? streak.current : null,
  };
}
