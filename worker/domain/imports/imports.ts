import { eq } from 'drizzle-orm';
import { storyKindOfStatus } from '../../../schema/block-values';
import { maxBlocksPerBoard } from '../../../schema/blocks';
import type { ImportSource, LetterboxdList } from '../../../schema/imports';
import { blocks } from '../../../schema/tables';
import { type Db, failedWith } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { addBookCovers } from './book-covers';
import { type ExportedBlock, type ExportFile, parseExport } from './export-files';

/** What importing a file would do to a board as it stands. */
type ImportPlan = {
  fresh: ExportedBlock[];
  alreadyImported: number;
  skippedRows: number;
  room: number;
  lastPosition: number;
};

async function boardHoldings(db: Db, userId: number) {
  const held = await db
    .select({ importKey: blocks.importKey, position: blocks.position })
    .from(blocks)
    .where(eq(blocks.userId, userId));
  return {
    importKeys: new Set(held.map((block) => block.importKey).filter((key) => key !== null)),
    count: held.length,
    lastPosition: Math.max(0, ...held.map((block) => block.position)),
  };
}

/** Why an import cannot go ahead when the board lacks room for all it would add. */
function doesNotFit({ room, fresh }: ImportPlan): string | null {
  if (fresh.length <= room) return null;
  const fits = room <= 0 ? 'Your board is full' : `Only ${room} of them fit`;
  return `This file would add ${fresh.length} blocks. ${fits}: a board holds at most ${maxBlocksPerBoard} blocks. Delete some blocks, or remove rows from the file, and try again.`;
}

/** Reads the file and sets aside what the board has from an earlier import. */
export async function planImport(
  db: Db,
  userId: number,
  source: ImportSource,
  file: ExportFile,
  options: { list?: LetterboxdList } = {},
): Promise<ImportPlan> {
  const parsed = parseExport(source, file, options);
  const board = await boardHoldings(db, userId);
  const fresh = parsed.blocks.filter((exported) => !board.importKeys.has(exported.importKey));
  return {
    fresh,
    alreadyImported: parsed.blocks.length - fresh.length,
    skippedRows: parsed.skippedRows,
    room: maxBlocksPerBoard - board.count,
    lastPosition: board.lastPosition,
  };
}

export function previewOf(plan: ImportPlan) {
  return {
    blocks: plan.fresh.slice(0, maxBlocksPerBoard).map(({ block, statusAt }) => ({
      title: block.title,
      subtitle: block.subtitle ?? null,
      status: block.status,
      rating: block.rating ?? null,
      statusSince: statusAt,
    })),
    newCount: plan.fresh.length,
    alreadyImported: plan.alreadyImported,
    skippedRows: plan.skippedRows,
    room: plan.room,
    doesNotFit: doesNotFit(plan),
    withIsbn: plan.fresh.filter((exported) => exported.isbn !== null).length,
  };
}

/**
 * The new blocks as one statement, whatever their number: each row comes from a JSON array in a
 * single bound parameter (D1 binds at most 100 per statement). A block the board gained from the
 * same file meanwhile (an import sent twice) is left alone by its unique import key.
 */
function insertBlocks(db: Db, userId: number, plan: ImportPlan, at: number) {
  const rows = plan.fresh.map(({ importKey, block, statusAt }) => ({
    importKey,
    ...block,
    statusSince: statusAt ?? at,
  }));
  const field = (name: keyof (typeof rows)[number]) => `json_extract(e.value, '$.${name}')`;
  return db.$client
    .prepare(
      `INSERT INTO blocks (user_id, position, type, category, emoji, label, title, subtitle,
        description, external_url, status, progress, progress_enabled, rating, review, status_since,
        import_key, created_at, updated_at)
      SELECT ?1, ?2 + e.key + 1, ${field('type')}, ${field('category')}, ${field('emoji')},
        ${field('label')}, ${field('title')}, ${field('subtitle')}, ${field('description')},
        ${field('externalUrl')},
        ${field('status')}, ${field('progress')}, ${field('progressEnabled')}, ${field('rating')},
        ${field('review')}, ${field('statusSince')}, ${field('importKey')}, ?3, ?3
      FROM json_each(?4) AS e
      WHERE true
      ON CONFLICT DO NOTHING
      RETURNING id, import_key AS importKey`,
    )
    .bind(userId, plan.lastPosition, at, JSON.stringify(rows));
}

/**
 * Each new block's story, dated as the file dates it: added when shelved or listed, then the
 * status it is in (finished on the date read). Undated steps happen now. Only blocks this import
 * made get a story: a block already there, or one the same file made a moment earlier at the same
 * millisecond (an import sent twice), already has its own.
 */
function tellStories(db: Db, userId: number, plan: ImportPlan, at: number) {
  const events = plan.fresh.flatMap(({ importKey, block, addedAt, statusAt }) => [
    { importKey, kind: 'added', at: addedAt ?? at },
    { importKey, kind: storyKindOfStatus[block.status], at: statusAt ?? at },
  ]);
  return db.$client
    .prepare(
      `INSERT INTO block_story_events (user_id, block_id, kind, at)
      SELECT b.user_id, b.id, json_extract(e.value, '$.kind'), json_extract(e.value, '$.at')
      FROM json_each(?3) AS e
      JOIN blocks AS b ON b.user_id = ?1 AND b.created_at = ?2
        AND b.import_key = json_extract(e.value, '$.importKey')
      WHERE NOT EXISTS (SELECT 1 FROM block_story_events AS told WHERE told.block_id = b.id)
      ORDER BY e.key`,
    )
    .bind(userId, at, JSON.stringify(events));
}

/**
 * Adds the plan's new blocks and their stories in one transaction: all of them or, when the
 * board lacks room for all, none (the board's limit is a trigger, so a race cannot overfill it).
 */
export async function runImport(
  db: Db,
  env: Env,
  userId: number,
  plan: ImportPlan,
  { covers = false }: { covers?: boolean } = {},
) {
  const tooMany = doesNotFit(plan);
  if (tooMany) throw new Refusal('conflict', tooMany);
  let added = 0;
  let inserted: { id: number; importKey: string }[] = [];
  if (plan.fresh.length > 0) {
    const at = Date.now();
    const [insertion] = await db.$client
      .batch([insertBlocks(db, userId, plan, at), tellStories(db, userId, plan, at)])
      .catch((error: unknown) => {
        // Another import or a new block took the room meanwhile.
        if (failedWith(error, 'board_full')) {
          throw new Refusal(
            'conflict',
            'Your board filled up meanwhile: look at the import again.',
          );
        }
        throw error;
      });
    inserted = (insertion?.results ?? []) as typeof inserted;
    added = inserted.length;
  }
  const isbns = new Map(plan.fresh.map((exported) => [exported.importKey, exported.isbn]));
  const wanted = inserted.flatMap(({ id, importKey }) => {
    const isbn = isbns.get(importKey);
    return isbn ? [{ blockId: id, isbn }] : [];
  });
  return {
    added,
    covers: covers && wanted.length > 0 ? await addBookCovers(db, env, userId, wanted) : 0,
    alreadyImported: plan.alreadyImported,
    skippedRows: plan.skippedRows,
  };
}
