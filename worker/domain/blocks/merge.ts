import { eq, sql } from 'drizzle-orm';
import type { BlockStatus } from '../../../schema/block-values';
import { blocks } from '../../../schema/tables';
import { type Db, rawAll, rawRun } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { type BoardWriter, commitChange } from '../board-changes/record';
import { deleteImageNoOneShows } from '../images/images';
import { indexBoard, titleQualifiersAgree } from './works';

/**
 * Two blocks of one work made into one by their owner (decision 0050): the block kept takes the
 * other's story, clicks, copies' ledger, the copies made of it, its notifications, the source
 * item that made it and the keys of its work, and fills its own empty fields from the other's;
 * the other goes. One change, one batch: a merge is all or nothing.
 */
function mergeStatements(db: Db, userId: number, keptId: number, fromId: number) {
  const ofFrom = (column: string) =>
    `(SELECT ${column} FROM blocks AS other WHERE other.id = ${Number(fromId)})`;
  const filled = (...columns: string[]) =>
    sql.raw(
      columns
        .map((column) => `${column} = coalesce(blocks.${column}, ${ofFrom(column)})`)
        .join(', '),
    );
  return [
    rawRun(
      db,
      sql`UPDATE block_story_events SET block_id = ${keptId}
        WHERE block_id = ${fromId} AND kind <> 'added'`,
    ),
    // It was added when the first of the two was.
    rawRun(
      db,
      sql`UPDATE block_story_events SET at = min(at, coalesce((SELECT min(at) FROM block_story_events
          WHERE block_id = ${fromId} AND kind = 'added'), at))
        WHERE block_id = ${keptId} AND kind = 'added'`,
    ),
    rawRun(
      db,
      sql`INSERT INTO daily_block_clicks (block_id, board_id, day, clicks)
        SELECT ${keptId}, board_id, day, clicks FROM daily_block_clicks WHERE block_id = ${fromId}
        ON CONFLICT (block_id, day) DO UPDATE SET clicks = clicks + excluded.clicks`,
    ),
    // Someone who copied both counts once, as a copy counts a person once.
    rawRun(
      db,
      sql`UPDATE OR IGNORE block_copies SET source_block_id = ${keptId}
        WHERE source_block_id = ${fromId}`,
    ),
    rawRun(
      db,
      sql`UPDATE OR IGNORE blocks SET copied_from_block_id = ${keptId}
        WHERE copied_from_block_id = ${fromId}`,
    ),
    rawRun(db, sql`UPDATE notifications SET block_id = ${keptId} WHERE block_id = ${fromId}`),
    rawRun(
      db,
      sql`UPDATE source_items SET block_id = ${keptId} WHERE user_id = ${userId} AND block_id = ${fromId}`,
    ),
    rawRun(
      db,
      sql`UPDATE OR IGNORE block_works SET block_id = ${keptId} WHERE block_id = ${fromId}`,
    ),
    rawRun(
      db,
      sql`UPDATE blocks SET
        click_count = click_count + ${sql.raw(ofFrom('click_count'))},
        copy_count = (SELECT count(*) FROM block_copies WHERE source_block_id = ${keptId}),
        ${filled('subtitle', 'description', 'image_url', 'external_url', 'rating', 'review')},
        hand_edited = hand_edited | ${sql.raw(ofFrom('hand_edited'))},
        updated_at = ${Date.now()}
      WHERE id = ${keptId} AND user_id = ${userId}`,
    ),
    rawAll<{ imageUrl: string | null }>(
      db,
      sql`DELETE FROM blocks WHERE id = ${fromId} AND user_id = ${userId} RETURNING image_url AS imageUrl`,
    ),
  ] as const;
}

export async function mergeBlocks(writer: BoardWriter, keptId: number, fromId: number) {
  const { db, env, userId } = writer;
  if (keptId === fromId) throw new Refusal('invalid', 'A block cannot be merged with itself.');
  const both = sql`(SELECT count(*) FROM blocks WHERE user_id = ${userId} AND id IN (${keptId}, ${fromId})) = 2`;
  const { results, changeId } = await commitChange(
    writer,
    'blocks',
    mergeStatements(db, userId, keptId, fromId),
    both,
  );
  if (changeId === null) {
    throw new Refusal('not-found', 'Both blocks must exist and be yours to merge them.');
  }
  const kept = await db.select().from(blocks).where(eq(blocks.id, keptId)).get();
  if (!kept) throw new Error(`Block ${keptId} was merged into but cannot be read.`);
  const [gone] = results.at(-1) as { imageUrl: string | null }[];
  if (gone?.imageUrl && gone.imageUrl !== kept.imageUrl) {
    await deleteImageNoOneShows(db, env, gone.imageUrl);
  }
  return kept;
}

type PairSide = { id: number; title: string; status: BlockStatus };

/**
 * Pairs of the board's blocks that hold one work (made before every writer looked works up, or
 * renamed since), the older first: what the dashboard offers to merge. A join of the board's
 * keys with themselves, by their primary key: no block is read but the pairs'.
 */
export async function findDuplicateBlocks(db: Db, userId: number, atMost = 20) {
  await indexBoard(db, userId);
  const { results } = await db.$client
    .prepare(
      `SELECT a.block_id AS keptId, b.block_id AS fromId, a.work, a.qualifier AS keptQualifier,
        b.qualifier AS fromQualifier, kept.title AS keptTitle, kept.status AS keptStatus,
        other.title AS fromTitle, other.status AS fromStatus
      FROM block_works AS a
      JOIN block_works AS b ON b.user_id = a.user_id AND b.work = a.work AND b.block_id > a.block_id
      JOIN blocks AS kept ON kept.id = a.block_id
      JOIN blocks AS other ON other.id = b.block_id
      WHERE a.user_id = ?1
      ORDER BY a.block_id, b.block_id`,
    )
    .bind(userId)
    .all<{
      keptId: number;
      fromId: number;
      work: string;
      keptQualifier: string | null;
      fromQualifier: string | null;
      keptTitle: string;
      keptStatus: BlockStatus;
      fromTitle: string;
      fromStatus: BlockStatus;
    }>();
  const pairs = new Map<string, { kept: PairSide; from: PairSide }>();
  for (const row of results) {
    const sameWork =
      !row.work.startsWith('title:') || titleQualifiersAgree(row.keptQualifier, row.fromQualifier);
    const key = `${row.keptId} ${row.fromId}`;
    if (!sameWork || pairs.has(key)) continue;
    pairs.set(key, {
      kept: { id: row.keptId, title: row.keptTitle, status: row.keptStatus },
      from: { id: row.fromId, title: row.fromTitle, status: row.fromStatus },
    });
  }
  return [...pairs.values()].slice(0, atMost);
}
