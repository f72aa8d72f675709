import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { findBlockType } from '../../../schema/catalogue';
import { categories } from '../../../schema/categories';
import { type goalChangeInput, type goalInput, maxGoalsPerYear } from '../../../schema/goals';
import { blockStoryEvents, blocks, boardSettings, goals } from '../../../schema/tables';
import { type Db, failedWith, rawAll } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { type BoardWriter, commitChange } from '../board-changes/record';
import { yearAt, yearSpan, zoneOf } from './calendar';

type GoalRow = typeof goals.$inferSelect;
export type GoalWithProgress = GoalRow & { done: number };

const goalNotFound = () => new Refusal('not-found', 'This goal does not exist or is not yours.');

/** What a goal of `scope` counts, in words: "blocks of any kind", "Books & Reading blocks". */
function scopeInWords(scope: GoalRow['scope'], scopeKey: string | null) {
  if (scope === 'any' || scopeKey === null) return 'blocks of any kind';
  const label =
    scope === 'category'
      ? categories.find((category) => category.key === scopeKey)?.label
      : findBlockType(scopeKey)?.label;
  return `${label ?? scopeKey} blocks`;
}

/** A goal's year and scope are taken by another of the owner's goals (a unique index). */
function refuseSecondGoal(
  error: unknown,
  goal: Pick<GoalRow, 'year' | 'scope' | 'scopeKey'>,
): never {
  if (!failedWith(error, 'UNIQUE constraint failed')) throw error;
  throw new Refusal(
    'conflict',
    `You already have a goal for ${scopeInWords(goal.scope, goal.scopeKey)} in ${goal.year}. Change its target instead of setting another.`,
  );
}

/** The owner's time zone as set, or null (their years are then counted in UTC). */
export async function readTimeZone(db: Db, userId: number): Promise<string | null> {
  const row = await db
    .select({ timeZone: boardSettings.timeZone })
    .from(boardSettings)
    .where(eq(boardSettings.userId, userId))
    .get();
  return row?.timeZone ?? null;
}

/**
 * Whether the block `block` names counts for the goal `goal` names: visible (what visitors
 * cannot see never counts), in Done since a time within the span, and of the goal's kind.
 */
function countsFor(block: typeof blocks, goal: typeof goals, span: { start: number; end: number }) {
  return sql`${block.userId} = ${goal.userId} AND ${block.status} = 'done'
    AND ${block.isVisible} = 1
    AND ${block.statusSince} >= ${span.start} AND ${block.statusSince} < ${span.end}
    AND (${goal.scope} = 'any'
      OR (${goal.scope} = 'category' AND ${block.category} = ${goal.scopeKey})
      OR (${goal.scope} = 'type' AND ${block.type} = ${goal.scopeKey}))`;
}

/** How many blocks count for each goal of the row: one subquery on the owner's blocks. */
function doneCount(span: { start: number; end: number }) {
  return sql<number>`(SELECT count(*) FROM ${blocks} WHERE ${countsFor(blocks, goals, span)})`.mapWith(
    Number,
  );
}

/** One statement per year: each year's goals with their progress, counted in `zone`. */
export function goalsOfYear(
  db: Db,
  userId: number,
  year: number,
  zone: string,
  publicOnly: boolean,
) {
  const owned = and(eq(goals.userId, userId), eq(goals.year, year));
  return db
    .select({
      id: goals.id,
      userId: goals.userId,
      year: goals.year,
      target: goals.target,
      scope: goals.scope,
      scopeKey: goals.scopeKey,
      isPrivate: goals.isPrivate,
      createdAt: goals.createdAt,
      done: doneCount(yearSpan(year, zone)),
    })
    .from(goals)
    .where(publicOnly ? and(owned, eq(goals.isPrivate, false)) : owned)
    .orderBy(asc(goals.id));
}

/** The year's goals (public ones only, unless `publicOnly` is false) with their progress. */
export function goalsOfYearWithProgress(
  db: Db,
  userId: number,
  year: number,
  timeZone: string | null,
  { publicOnly }: { publicOnly: boolean },
): Promise<GoalWithProgress[]> {
  return goalsOfYear(db, userId, year, zoneOf(timeZone), publicOnly);
}

/** Every goal of the owner, newest year first, with its progress. */
export async function listGoals(db: Db, userId: number, timeZone: string | null) {
  const years = await db
    .selectDistinct({ year: goals.year })
    .from(goals)
    .where(eq(goals.userId, userId));
  const zone = zoneOf(timeZone);
  const perYear = await Promise.all(
    years
      .map((row) => row.year)
      .sort((a, b) => b - a)
      .map((year) => goalsOfYear(db, userId, year, zone, false)),
  );
  return perYear.flat();
}

async function findGoal(db: Db, userId: number, id: number, timeZone: string | null) {
  const row = await db
    .select({ year: goals.year })
    .from(goals)
    .where(and(eq(goals.id, id), eq(goals.userId, userId)))
    .get();
  if (!row) throw goalNotFound();
  const ofYear = await goalsOfYear(db, userId, row.year, zoneOf(timeZone), false);
  const goal = ofYear.find((g) => g.id === id);
  if (!goal) throw goalNotFound();
  return goal;
}

export async function createGoal(writer: BoardWriter, input: z.output<typeof goalInput>) {
  const { db, userId } = writer;
  const [count] = await db
    .select({ goals: sql<number>`count(*)` })
    .from(goals)
    .where(and(eq(goals.userId, userId), eq(goals.year, input.year)));
  if ((count?.goals ?? 0) >= maxGoalsPerYear) {
    throw new Refusal(
      'conflict',
      `A year holds at most ${maxGoalsPerYear} goals. Delete one to set another.`,
    );
  }
  const goal = { ...input, scopeKey: input.scope === 'any' ? null : (input.scopeKey ?? null) };
  const { results } = await commitChange(writer, 'goals', [
    db
      .insert(goals)
      .values({ ...goal, userId })
      .returning({ id: goals.id }),
  ]).catch((error: unknown) => refuseSecondGoal(error, goal));
  const [created] = results[0];
  if (!created) throw new Error('The goal was not written.');
  return findGoal(db, userId, created.id, await readTimeZone(db, userId));
}

const ownedGoal = (id: number, userId: number) => and(eq(goals.id, id), eq(goals.userId, userId));
const isOwnedGoal = (id: number, userId: number) =>
  sql`EXISTS (SELECT 1 FROM ${goals} WHERE ${ownedGoal(id, userId)})`;

export async function updateGoal(
  writer: BoardWriter,
  id: number,
  input: z.output<typeof goalChangeInput>,
) {
  const { db, userId } = writer;
  const change = input.scope === 'any' ? { ...input, scopeKey: null } : input;
  const { results } = await commitChange(
    writer,
    'goals',
    [db.update(goals).set(change).where(ownedGoal(id, userId)).returning({ id: goals.id })],
    isOwnedGoal(id, userId),
  ).catch(async (error: unknown) =>
    refuseSecondGoal(error, { ...(await findGoal(db, userId, id, null)), ...change }),
  );
  const [updated] = results[0];
  if (!updated) throw goalNotFound();
  return findGoal(db, userId, id, await readTimeZone(db, userId));
}

export async function deleteGoal(writer: BoardWriter, id: number) {
  const { db, userId } = writer;
  const { results } = await commitChange(
    writer,
    'goals',
    [db.delete(goals).where(ownedGoal(id, userId)).returning({ id: goals.id })],
    isOwnedGoal(id, userId),
  );
  const [deleted] = results[0];
  if (!deleted) throw goalNotFound();
}

/**
 * Tells, in the block's story, each public goal its finish has just reached: the goals of the year
 * it reached Done in (the owner's zone) that it counts for and that now have enough blocks. A goal
 * is told of once (a unique index), however often it dips below its target and comes back.
 * The board changes consumer calls it for each change that moved blocks to Done; answers the
 * blocks whose finish reached a goal now (none when their goals were told before).
 */
export async function tellReachedGoals(
  db: Db,
  userId: number,
  blockIds: number[],
): Promise<number[]> {
  if (blockIds.length === 0) return [];
  const goalYears = await db
    .selectDistinct({ year: goals.year })
    .from(goals)
    .where(and(eq(goals.userId, userId), eq(goals.isPrivate, false)));
  if (goalYears.length === 0) return [];
  const finished = await db
    .select({ id: blocks.id, statusSince: blocks.statusSince })
    .from(blocks)
    .where(
      and(
        eq(blocks.userId, userId),
        // One bound list, however many blocks an import finished (D1 binds 100 at most).
        sql`${blocks.id} IN (SELECT value FROM json_each(${JSON.stringify(blockIds)}))`,
        eq(blocks.status, 'done'),
        eq(blocks.isVisible, true),
      ),
    );
  const zone = zoneOf(await readTimeZone(db, userId));
  const years = new Set(goalYears.map((goal) => goal.year));
  // Only a finish in a year with a goal can reach one.
  const statements = finished.flatMap((block) => {
    const at = block.statusSince ?? Date.now();
    const year = yearAt(at, zone);
    return years.has(year) ? [tellReached(db, userId, block.id, at, year, zone)] : [];
  });
  if (statements.length === 0) return [];
  const told = await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return told.flat().map((event) => event.blockId);
}

function tellReached(
  db: Db,
  userId: number,
  blockId: number,
  at: number,
  year: number,
  zone: string,
) {
  const span = yearSpan(year, zone);
  return rawAll<{ blockId: number }>(
    db,
    sql`
    INSERT INTO ${blockStoryEvents} (user_id, block_id, kind, at, goal_id)
    SELECT ${userId}, ${blockId}, 'reached', ${at}, ${goals.id} FROM ${goals}
    WHERE ${goals.userId} = ${userId} AND ${goals.year} = ${year} AND ${goals.isPrivate} = 0
      AND EXISTS (SELECT 1 FROM ${blocks} WHERE ${blocks.id} = ${blockId} AND ${countsFor(blocks, goals, span)})
      AND ${doneCount(span)} >= ${goals.target}
    ON CONFLICT DO NOTHING
    RETURNING block_id AS blockId`,
  );
}
