import { type SQL, sql } from 'drizzle-orm';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import type { BoardChangeAspect } from '../../../schema/block-values';
import { blockStoryEvents, boardChanges, users } from '../../../schema/tables';
import { type Db, rawAll } from '../../platform/db';

/**
 * Whoever writes to a board: the board's owner, and the address the change came through (its
 * fediverse activities are named after it). A route, a token's script, a source, an import and
 * the cron all write through one.
 */
export type BoardWriter = {
  db: Db;
  env: Env;
  userId: number;
  origin: string;
  /** Where the ids of the changes it commits are kept, for a writer that hears them itself. */
  recorded?: number[];
};

/** What the board changes queue carries: the change to hear (the row says the rest). */
export type BoardChangeMessage = { changeId: number };

export const boardChangesQueueName = 'up2-board-changes';

type Statements = Readonly<[BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]>;

// The newest story event when the statement runs: a batch is one transaction, so the events it
// makes are those of its board between the change's first and last statements.
const newestStoryEvent = sql<number>`(SELECT coalesce(max(${blockStoryEvents.id}), 0) FROM ${blockStoryEvents})`;

/** The change's record, first in its batch; none when `onlyIf` (judged before the write) is false. */
function openChange(writer: BoardWriter, aspect: BoardChangeAspect, at: number, onlyIf?: SQL) {
  const { db, userId, origin } = writer;
  return rawAll<{ id: number }>(
    db,
    sql`INSERT INTO ${boardChanges} (user_id, username, aspect, origin, stories_after, created_at)
      SELECT ${userId}, ${users.username}, ${aspect}, ${origin}, ${newestStoryEvent}, ${at}
      FROM ${users} WHERE ${users.id} = ${userId} AND ${onlyIf ?? sql`1`}
      RETURNING id`,
  );
}

/** Closes the change this batch opened, if it opened one: the only change yet to be closed. */
function closeChange(db: Db) {
  return db
    .update(boardChanges)
    .set({ storiesUpTo: newestStoryEvent })
    .where(
      sql`${boardChanges.id} = (SELECT max(${boardChanges.id}) FROM ${boardChanges}) AND ${boardChanges.storiesUpTo} IS NULL`,
    );
}

/**
 * Commits `statements` and the record of the change they make to the writer's board in one batch
 * (one transaction: both or neither), then asks the board changes queue to handle it. A message
 * that fails to leave is not lost: the cron sweeps every change left unhandled. `onlyIf`, judged
 * before the statements run, says whether they change anything (a block that is the writer's): a
 * write that changes nothing records no change.
 */
export async function commitChange<T extends Statements>(
  writer: BoardWriter,
  aspect: BoardChangeAspect,
  statements: T,
  onlyIf?: SQL,
): Promise<{ results: BatchResponse<T>; changeId: number | null }> {
  const [committed] = await commitChanges([{ writer, aspect, statements, onlyIf }]);
  if (!committed) throw new Error('The change was not committed.');
  return committed as { results: BatchResponse<T>; changeId: number | null };
}

type BoardChange = {
  writer: BoardWriter;
  aspect: BoardChangeAspect;
  statements: Statements;
  onlyIf?: SQL;
};

/**
 * Commits the changes of several boards (a moderator's bulk action) in one batch: all of them or
 * none. Each is recorded and handled as its own change, as `commitChange` does for one.
 */
export async function commitChanges(changes: readonly BoardChange[]) {
  const [first] = changes;
  if (!first) return [];
  const at = Date.now();
  const answers = await first.writer.db.batch(
    changes.flatMap(({ writer, aspect, statements, onlyIf }) => [
      openChange(writer, aspect, at, onlyIf),
      ...statements,
      closeChange(writer.db),
    ]) as unknown as Statements,
  );
  let offset = 0;
  const committed = changes.map(({ writer, statements }) => {
    const changeId = (answers[offset] as { id: number }[])[0]?.id ?? null;
    const results = answers.slice(offset + 1, offset + 1 + statements.length);
    offset += statements.length + 2;
    if (changeId !== null) writer.recorded?.push(changeId);
    return { results, changeId };
  });
  await Promise.all(
    committed.map(({ changeId }) =>
      changeId === null ? undefined : announceChange(first.writer.env, changeId),
    ),
  );
  return committed;
}

async function announceChange(env: Env, changeId: number) {
  const message: BoardChangeMessage = { changeId };
  try {
    await env.BOARD_CHANGES_QUEUE.send(message, { contentType: 'json' });
  } catch (error) {
    console.error(`Board change ${changeId} waits for the sweep: the queue refused it.`, error);
  }
}
