import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { blockStoryEvents, boardChanges, users } from '../../../schema/tables';
import { type BoardChange, bumpBoardVersion } from '../../platform/board-versions';
import { type Db, getDb, getSessionDb } from '../../platform/db';
import { queueNewStories, queueProfileChange } from '../fediverse/story-queue';
import { notifyGoalsReached } from '../notifications/notifications';
import { tellReachedGoals } from '../year/goals';

type ChangeRow = typeof boardChanges.$inferSelect;

/** How long a consumer holds a change it claimed: past this another may take it over. */
const claimMs = 60_000;
/** A change not handled this long after it was made is the sweep's (its message was lost). */
export const sweepAfterMs = 60_000;
const sweptAtOnce = 200;

/**
 * Takes these changes for this consumer: those not handled yet, and not held by another consumer
 * (or held past its claim). Two consumers at once never both get one.
 */
/** The changes of `ids`, bound as one JSON parameter: a queue batch of 100 is past D1's 100 variables. */
const oneOf = (ids: number[]) =>
  sql`${boardChanges.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;

function claim(db: Db, ids: number[], now: number) {
  return db
    .update(boardChanges)
    .set({ claimedUntil: now + claimMs })
    .where(
      and(
        oneOf(ids),
        isNull(boardChanges.handledAt),
        or(isNull(boardChanges.claimedUntil), lt(boardChanges.claimedUntil, now)),
      ),
    )
    .returning();
}

/** The blocks the change moved into Done: their finishes may reach the owner's goals. */
async function finishedBy(db: Db, change: ChangeRow) {
  if (change.storiesUpTo === null || change.storiesUpTo <= change.storiesAfter) return [];
  const rows = await db
    .select({ blockId: blockStoryEvents.blockId })
    .from(blockStoryEvents)
    .where(
      and(
        gt(blockStoryEvents.id, change.storiesAfter),
        lte(blockStoryEvents.id, change.storiesUpTo),
        eq(blockStoryEvents.userId, change.userId),
        eq(blockStoryEvents.kind, 'finished'),
      ),
    );
  return rows.map((row) => row.blockId);
}

async function isPublicBoard(db: Db, userId: number) {
  const row = await db
    .select({ isPublic: users.isPublic })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return row?.isPublic ?? false;
}

async function giveCoversAfter(env: Env, change: ChangeRow) {
  try {
    const { giveCovers } = await import('../blocks/covers');
    await giveCovers(env, change.userId, change.origin);
  } catch (error) {
    console.error(`Covers of board ${change.userId} were not looked for.`, error);
  }
}

/**
 * What every reader of a board needs to hear of one change, besides the version: its finishes
 * told to the owner's goals (a `reached` story event, which notifies the owner), its new story
 * events and a changed profile sent to the board's fediverse followers. Each step is safe to
 * repeat (a goal is told once, the outbox moves past what it sent), so a change handled again
 * after a consumer died halfway does nothing twice.
 */
async function tellReaders(env: Env, ctx: BoardChange['ctx'], db: Db, change: ChangeRow) {
  if (change.aspect === 'blocks') {
    // After the answer: the block shows at once, its cover follows as a change of its own.
    ctx.waitUntil(giveCoversAfter(env, change));
    const reached = await tellReachedGoals(db, change.userId, await finishedBy(db, change));
    await notifyGoalsReached(db, env, change.userId, reached);
    await queueNewStories(env, db, change.userId, change.origin);
  }
  if (change.aspect === 'profile' || change.aspect === 'privacy') {
    if (await isPublicBoard(db, change.userId)) {
      await queueProfileChange(env, db, change.userId, change.origin);
    }
  }
}

/**
 * The one consumer of board changes, whoever wrote them: claims those of `ids` still waiting,
 * tells each change's readers, moves each board changed to a new cache version (led by a
 * bookmark that holds the changes), and marks them handled. A change already handled, or held by
 * another consumer, is left alone. Answers how many it handled.
 */
export async function handleBoardChanges(
  env: Env,
  ctx: BoardChange['ctx'],
  ids: number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const session = env.DB.withSession('first-primary');
  const db = getSessionDb(session, env);
  const claimed = await claim(db, ids, Date.now());
  if (claimed.length === 0) return 0;
  for (const change of claimed.sort((a, b) => a.id - b.id)) await tellReaders(env, ctx, db, change);
  await bumpBoardVersion(
    { env, ctx, bookmark: session.getBookmark() },
    ...claimed.map((change) => change.username),
  );
  await db
    .update(boardChanges)
    .set({ handledAt: Date.now() })
    .where(oneOf(claimed.map((change) => change.id)));
  return claimed.length;
}

/**
 * The cron's safety net: changes still waiting a minute after they were made (their message was
 * lost, or their consumer died) are handled now. A lost message delays a change, never drops it.
 */
export async function sweepBoardChanges(env: Env, ctx: BoardChange['ctx'], now = Date.now()) {
  const waiting = await getDb(env)
    .select({ id: boardChanges.id })
    .from(boardChanges)
    .where(and(isNull(boardChanges.handledAt), lt(boardChanges.createdAt, now - sweepAfterMs)))
    .orderBy(asc(boardChanges.createdAt))
    .limit(sweptAtOnce);
  return handleBoardChanges(
    env,
    ctx,
    waiting.map((row) => row.id),
  );
}

const forgottenAtOnce = 5000;

/**
 * Handled changes are history: kept a day for whoever looks into one, then let go, oldest first
 * by id (the table's own order), so the clean-up reads no more rows than it deletes.
 */
export async function deleteHandledChanges(db: Db, now = Date.now()) {
  const oldest = db
    .select({ id: boardChanges.id })
    .from(boardChanges)
    .orderBy(asc(boardChanges.id))
    .limit(forgottenAtOnce);
  await db
    .delete(boardChanges)
    .where(
      and(inArray(boardChanges.id, oldest), sql`${boardChanges.handledAt} < ${now - 86_400_000}`),
    );
}
