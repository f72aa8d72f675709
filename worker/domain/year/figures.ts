import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { defaultAccent } from '../../../schema/accents';
import {
  blockCopies,
  blockStoryEvents,
  blocks,
  boardSettings,
  users,
} from '../../../schema/tables';
import { firstReviewYear, type YearFigures, yearFigures } from '../../../schema/years';
import type { Db } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { monthStarts, yearAt, yearSpan, zoneOf } from './calendar';
import { goalsOfYear } from './goals';

type BlockRow = typeof blocks.$inferSelect;
type StoryEvent = { blockId: number; kind: string; at: number };
type Span = { start: number; end: number };

const dayMs = 86_400_000;

const noYear = () =>
  new Refusal(
    'not-found',
    "Year Not Found - This board doesn't exist, is private, or this year hasn't happened yet.",
  );

/** The month (0-11) `at` falls in, given the thirteen instants the year's months begin at. */
function monthOf(at: number, starts: number[]): number {
  let month = 0;
  while (month < 11 && at >= (starts[month + 1] ?? Number.POSITIVE_INFINITY)) month += 1;
  return month;
}

/**
 * The years (newest first) `events` (oldest first) fall in: the zone is asked where each year
 * ends, not what year each event is in, so a long story costs a few `Intl` calls, not hundreds.
 */
function yearsWithNews(events: StoryEvent[], zone: string): number[] {
  const first = events[0];
  if (!first) return [];
  let year = yearAt(first.at, zone);
  let { end } = yearSpan(year, zone);
  const years = [year];
  for (const event of events) {
    if (event.at < end) continue;
    year = yearAt(event.at, zone);
    end = yearSpan(year, zone).end;
    years.push(year);
  }
  return years.reverse();
}

/** How long each block spent in Now within `span` (up to `now`), from its story. */
function timeInNow(events: StoryEvent[], span: Span, now: number): Map<number, number> {
  const until = Math.min(span.end, now);
  const startedAt = new Map<number, number>();
  const spent = new Map<number, number>();
  const add = (blockId: number, from: number, to: number) => {
    const ms = Math.min(to, until) - Math.max(from, span.start);
    if (ms > 0) spent.set(blockId, (spent.get(blockId) ?? 0) + ms);
  };
  for (const event of events) {
    if (event.kind === 'added' || event.kind === 'reached') continue;
    const since = startedAt.get(event.blockId);
    if (since !== undefined) {
      add(event.blockId, since, event.at);
      startedAt.delete(event.blockId);
    }
    if (event.kind === 'started') startedAt.set(event.blockId, event.at);
  }
  for (const [blockId, since] of startedAt) add(blockId, since, until);
  return spent;
}

/** The entry with the largest value; the earliest block wins a tie. */
function largest(values: Map<number, number>): [number, number] | null {
  let best: [number, number] | null = null;
  for (const entry of values) {
    if (!best || entry[1] > best[1] || (entry[1] === best[1] && entry[0] < best[0])) best = entry;
  }
  return best;
}

/**
 * Reads, in two round trips (the owner with their settings; then one batch of their visible
 * blocks, their story, the year's copies and goals), what the year in review shows. A private or
 * unknown board, or a year still to come in the owner's zone, is refused as not found.
 */
export async function readYearFigures(
  db: Db,
  username: string,
  year: number,
  now = Date.now(),
): Promise<{ ownerId: number; figures: YearFigures }> {
  const owner = await db
    .select({ user: users, settings: boardSettings })
    .from(users)
    .leftJoin(boardSettings, eq(boardSettings.userId, users.id))
    .where(eq(users.username, username.toLowerCase()))
    .get();
  if (!owner?.user.isPublic) throw noYear();
  const zone = zoneOf(owner.settings?.timeZone);
  // The years every year route answers: the API, the page and the images alike.
  if (year < firstReviewYear || year > yearAt(now, zone)) throw noYear();
  const span = yearSpan(year, zone);
  const userId = owner.user.id;
  const shownBlocks = and(eq(blocks.userId, userId), eq(blocks.isVisible, true));
  const [shown, events, copies, goals] = await db.batch([
    db.select().from(blocks).where(shownBlocks).orderBy(asc(blocks.position), asc(blocks.id)),
    db
      .select({
        blockId: blockStoryEvents.blockId,
        kind: blockStoryEvents.kind,
        at: blockStoryEvents.at,
      })
      .from(blockStoryEvents)
      .innerJoin(blocks, eq(blocks.id, blockStoryEvents.blockId))
      .where(and(eq(blockStoryEvents.userId, userId), eq(blocks.isVisible, true)))
      .orderBy(asc(blockStoryEvents.at), asc(blockStoryEvents.id)),
    db
      .select({ blockId: blockCopies.sourceBlockId, copies: sql<number>`count(*)`.mapWith(Number) })
      .from(blockCopies)
      .where(
        and(
          inArray(
            blockCopies.sourceBlockId,
            db.select({ id: blocks.id }).from(blocks).where(shownBlocks),
          ),
          gte(blockCopies.createdAt, new Date(span.start)),
          lt(blockCopies.createdAt, new Date(span.end)),
        ),
      )
      .groupBy(blockCopies.sourceBlockId),
    goalsOfYear(db, userId, year, zone, true),
  ]);
  const figures = figuresOf(shown, events, copies, span, monthStarts(year, zone), now);
  const settings = owner.settings;
  return {
    ownerId: userId,
    figures: yearFigures.parse({
      ...figures,
      user: owner.user,
      board: {
        globalImageRatio: settings?.globalImageRatio ?? 'square',
        hideAllImages: settings?.hideAllImages ?? false,
        accent: settings?.accent ?? defaultAccent,
      },
      year,
      years: yearsWithNews(events, zone),
      goals,
    }),
  };
}

/** The finishes the year's images show, covers and titles: a story's two rows of three. */
const latestFinishesShown = 6;

function figuresOf(
  shown: BlockRow[],
  events: StoryEvent[],
  copies: { blockId: number; copies: number }[],
  span: Span,
  starts: number[],
  now: number,
) {
  const byId = new Map(shown.map((block) => [block.id, block]));
  const inYear = (at: number | null) => at !== null && at >= span.start && at < span.end;
  const yearEvents = events.filter((event) => inYear(event.at));
  const finished = shown
    .filter((block) => block.status === 'done' && inYear(block.statusSince))
    .sort((a, b) => (a.statusSince ?? 0) - (b.statusSince ?? 0) || a.id - b.id);
  const byCategory = new Map<string, number>();
  for (const block of finished)
    byCategory.set(block.category, (byCategory.get(block.category) ?? 0) + 1);
  const longest = largest(timeInNow(events, span, now));
  const mostCopied = largest(new Map(copies.map((row) => [row.blockId, row.copies])));
  const months = Array.from({ length: 12 }, () => ({ events: 0, finished: 0 }));
  for (const event of yearEvents) {
    const month = months[monthOf(event.at, starts)];
    if (month) month.events += 1;
  }
  for (const block of finished) {
    const month = months[monthOf(block.statusSince ?? 0, starts)];
    if (month) month.finished += 1;
  }
  const busiest = largest(new Map(months.map((month, index) => [index, month.events])));
  return {
    isEmpty: yearEvents.length === 0,
    finished: {
      total: finished.length,
      byCategory: [...byCategory]
        .map(([category, count]) => ({ category, count }))
        .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category)),
      latest: finished.slice(-latestFinishesShown).reverse(),
    },
    firstFinished: finished[0] ?? null,
    lastFinished: finished.length > 1 ? (finished.at(-1) ?? null) : null,
    longestNow:
      longest && byId.has(longest[0])
        ? { block: byId.get(longest[0]), days: Math.max(1, Math.round(longest[1] / dayMs)) }
        : null,
    mostCopied:
      mostCopied && byId.has(mostCopied[0])
        ? { block: byId.get(mostCopied[0]), copies: mostCopied[1] }
        : null,
    months,
    busiestMonth: busiest && busiest[1] > 0 ? busiest[0] : null,
  };
}
