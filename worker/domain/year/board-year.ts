import { and, eq, gte, lt } from 'drizzle-orm';
import { shownStreakWeeks } from '../../../schema/goals';
import { blockStoryEvents, blocks } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { yearAt, yearSpan, zoneOf } from './calendar';
import { goalsOfYearWithProgress } from './goals';
import { readStreak } from './streaks';

/** Whether a visible block of the board was finished in `year` (the owner's `zone`). */
async function finishedIn(db: Db, ownerId: number, year: number, zone: string) {
  const span = yearSpan(year, zone);
  const finish = await db
    .select({ id: blockStoryEvents.id })
    .from(blockStoryEvents)
    .innerJoin(blocks, eq(blocks.id, blockStoryEvents.blockId))
    .where(
      and(
        eq(blockStoryEvents.userId, ownerId),
        gte(blockStoryEvents.at, span.start),
        lt(blockStoryEvents.at, span.end),
        eq(blockStoryEvents.kind, 'finished'),
        eq(blocks.isVisible, true),
      ),
    )
    .limit(1)
    .get();
  return finish !== undefined;
}

/**
 * What a board's header shows of the year: this year's public goals (the owner's zone) with their
 * progress, the current streak in weeks from `shownStreakWeeks` on (null below), and the year
 * whose review it links to (this year, once something was finished in it).
 */
export async function yearOnBoard(
  db: Db,
  ownerId: number,
  timeZone: string | null,
  now = Date.now(),
) {
  const year = yearAt(now, zoneOf(timeZone));
  const [goals, streak, finished] = await Promise.all([
    goalsOfYearWithProgress(db, ownerId, year, timeZone, { publicOnly: true }),
    readStreak(db, ownerId, timeZone, now),
    finishedIn(db, ownerId, year, zoneOf(timeZone)),
  ]);
  return {
    goals,
    streakWeeks: streak.current >= shownStreakWeeks ? streak.current : null,
    reviewYear: finished ? year : null,
  };
}
