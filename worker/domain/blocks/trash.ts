import { and, eq, getTableColumns, lte, sql } from 'drizzle-orm';
import { blocks, deletedBlocks } from '../../../schema/tables';
import { type Db, failedWith, rawRun } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { type BoardWriter, commitChange } from '../board-changes/record';
import { deleteImageNoOneShows } from '../images/images';
import { refuseFullBoard } from './blocks';

/**
 * Deleting is undoable for a while: the block leaves every public place at once, kept whole in
 * `deleted_blocks` (its row, story, copies' ledger, clicks, notifications, the copies made of it
 * and the source item that made it) until its window ends; then the cron lets it go for good.
 */

const defaultUndoSeconds = 30;
const purgedAtOnce = 200;

/** How long a deleted block can be brought back (`UNDO_DELETE_SECONDS`, 30 s unless set). */
function undoWindowMs(env: Pick<Env, 'UNDO_DELETE_SECONDS'>): number {
  const seconds = Number(env.UNDO_DELETE_SECONDS);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : defaultUndoSeconds) * 1000;
}

const columnNames = Object.values(getTableColumns(blocks)).map((column) => column.name);

const blockAsJson = sql.raw(
  `json_object(${columnNames.map((name) => `'${name}', b.${name}`).join(', ')})`,
);

/** Everything of block `id` that its deletion would take with it, as one JSON document. */
function keptOf(id: number) {
  return sql`json_object(
    'block', ${blockAsJson},
    'story', json((SELECT json_group_array(json_object('id', id, 'kind', kind, 'at', at, 'goalId', goal_id))
      FROM block_story_events WHERE block_id = ${id})),
    'copies', json((SELECT json_group_array(json_object('copierId', copier_id, 'createdAt', created_at))
      FROM block_copies WHERE source_block_id = ${id})),
    'clicks', json((SELECT json_group_array(json_object('boardId', board_id, 'day', day, 'clicks', clicks))
      FROM daily_block_clicks WHERE block_id = ${id})),
    'notifications', json((SELECT json_group_array(json_object('id', id, 'recipientId', recipient_id,
        'kind', kind, 'actorId', actor_id, 'moderationActionId', moderation_action_id,
        'createdAt', created_at))
      FROM notifications WHERE block_id = ${id})),
    'copiesOfIt', json((SELECT json_group_array(id) FROM blocks WHERE copied_from_block_id = ${id})),
    'itemKey', (SELECT item_key FROM source_items WHERE block_id = ${id}))`;
}

const owned = (id: number, userId: number) =>
  sql`EXISTS (SELECT 1 FROM blocks WHERE id = ${id} AND user_id = ${userId})`;

/**
 * Deletes one of the writer's blocks, undoably: gone from the board, embed, API, feeds and
 * Discover at once (its row leaves `blocks`), kept until the answer's `undoUntil`.
 */
export async function deleteBlock(writer: BoardWriter, id: number) {
  const { db, userId } = writer;
  const at = Date.now();
  const purgeAt = at + undoWindowMs(writer.env);
  const { changeId } = await commitChange(
    writer,
    'blocks',
    [
      rawRun(
        db,
        sql`INSERT INTO deleted_blocks (block_id, user_id, image_url, kept, deleted_at, purge_at)
        SELECT b.id, b.user_id, b.image_url, ${keptOf(id)}, ${at}, ${purgeAt}
        FROM blocks AS b WHERE b.id = ${id} AND b.user_id = ${userId}`,
      ),
      db.delete(blocks).where(and(eq(blocks.id, id), eq(blocks.userId, userId))),
    ],
    owned(id, userId),
  );
  if (changeId === null)
    throw new Refusal('not-found', 'This block does not exist or is not yours.');
  return { undoUntil: purgeAt };
}

const kept = (path: string) => sql.raw(`json_extract(d.kept, '$.${path}')`);
const item = (name: string) => sql.raw(`json_extract(e.value, '$.${name}')`);

/** The statements that bring deleted block `id` back as it was; the last lets its record go. */
function restoreStatements(db: Db, id: number, userId: number, now: number) {
  const from = sql`FROM deleted_blocks AS d WHERE d.block_id = ${id} AND d.user_id = ${userId} AND d.purge_at > ${now}`;
  const each = (list: string) =>
    sql`FROM deleted_blocks AS d, json_each(d.kept, ${`$.${list}`}) AS e
      WHERE d.block_id = ${id} AND d.user_id = ${userId} AND d.purge_at > ${now}`;
  const columns = sql.raw(columnNames.join(', '));
  // Its work's keys left with the row: the next lookup of the board indexes it again.
  const values = sql.raw(
    columnNames
      .map((name) => (name === 'works_indexed' ? '0' : `json_extract(d.kept, '$.block.${name}')`))
      .join(', '),
  );
  return [
    rawRun(db, sql`INSERT INTO blocks (${columns}) SELECT ${values} ${from}`),
    rawRun(
      db,
      sql`INSERT INTO block_story_events (id, user_id, block_id, kind, at, goal_id)
      SELECT ${item('id')}, ${userId}, ${id}, ${item('kind')}, ${item('at')}, ${item('goalId')} ${each('story')}
        AND (${item('goalId')} IS NULL OR EXISTS (SELECT 1 FROM goals WHERE id = ${item('goalId')}))`,
    ),
    rawRun(
      db,
      sql`INSERT OR IGNORE INTO block_copies (source_block_id, copier_id, created_at)
      SELECT ${id}, ${item('copierId')}, ${item('createdAt')} ${each('copies')}
        AND EXISTS (SELECT 1 FROM users WHERE id = ${item('copierId')})`,
    ),
    rawRun(
      db,
      sql`INSERT OR IGNORE INTO daily_block_clicks (block_id, board_id, day, clicks)
      SELECT ${id}, ${item('boardId')}, ${item('day')}, ${item('clicks')} ${each('clicks')}`,
    ),
    rawRun(
      db,
      sql`INSERT OR IGNORE INTO notifications
        (id, recipient_id, kind, actor_id, block_id, moderation_action_id, created_at)
      SELECT ${item('id')}, ${item('recipientId')}, ${item('kind')}, ${item('actorId')}, ${id},
        (SELECT id FROM moderation_actions WHERE id = ${item('moderationActionId')}), ${item('createdAt')}
      ${each('notifications')}
        AND EXISTS (SELECT 1 FROM users WHERE id = ${item('actorId')})
        AND EXISTS (SELECT 1 FROM users WHERE id = ${item('recipientId')})`,
    ),
    rawRun(
      db,
      sql`UPDATE blocks SET copied_from_block_id = ${id}
      WHERE copied_from_block_id IS NULL AND id IN (SELECT e.value ${each('copiesOfIt')})`,
    ),
    rawRun(
      db,
      sql`UPDATE source_items SET block_id = ${id}
      WHERE user_id = ${userId} AND block_id IS NULL AND item_key = (SELECT ${kept('itemKey')} ${from})`,
    ),
    db.delete(deletedBlocks).where(eq(deletedBlocks.blockId, id)),
  ] as const;
}

function refuseRestore(error: unknown): never {
  if (failedWith(error, 'UNIQUE constraint failed')) {
    throw new Refusal(
      'conflict',
      'This block is on your board again already (imported or copied meanwhile).',
    );
  }
  return refuseFullBoard(error, 'Your board is full: delete a block to bring this one back.');
}

/**
 * Brings back a block its owner deleted, within its window, as it was: its place on the board,
 * story, counts and copies. After the window it is gone (404); a board filled meanwhile refuses it.
 */
export async function restoreBlock(writer: BoardWriter, id: number) {
  const { db, userId } = writer;
  const now = Date.now();
  const waiting = sql`EXISTS (SELECT 1 FROM deleted_blocks WHERE block_id = ${id} AND user_id = ${userId} AND purge_at > ${now})`;
  const { changeId } = await commitChange(
    writer,
    'blocks',
    restoreStatements(db, id, userId, now),
    waiting,
  ).catch(refuseRestore);
  if (changeId === null) {
    throw new Refusal(
      'not-found',
      'This block can no longer be brought back: its undo window has passed.',
    );
  }
  const restored = await db.select().from(blocks).where(eq(blocks.id, id)).get();
  if (!restored) throw new Error(`Block ${id} was restored but cannot be read.`);
  return restored;
}

/**
 * The cron's part: deleted blocks past their window go for good, with their image when nothing
 * else shows it. Nothing of them was left anywhere public; this only frees the space.
 */
export async function purgeDeletedBlocks(db: Db, env: Env, now = Date.now()) {
  const due = await db
    .delete(deletedBlocks)
    .where(
      sql`${deletedBlocks.blockId} IN (SELECT ${deletedBlocks.blockId} FROM ${deletedBlocks} WHERE ${lte(deletedBlocks.purgeAt, now)} LIMIT ${purgedAtOnce})`,
    )
    .returning({ imageUrl: deletedBlocks.imageUrl });
  for (const { imageUrl } of due) await deleteImageNoOneShows(db, env, imageUrl);
  return due.length;
}
