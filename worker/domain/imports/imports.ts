import { eq } from 'drizzle-orm';
import { maxBlocksPerBoard } from '../../../schema/blocks';
import type { ImportSource, LetterboxdList } from '../../../schema/imports';
import { blocks } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { refuseFullBoard } from '../blocks/blocks';
import { type BroughtBlock, bringBlocks } from '../blocks/bulk';
import { type BoardWriter, commitChange } from '../board-changes/record';
import { findBookCovers } from './book-covers';
import { parseUpload, type Upload } from './export-archives';
import type { ExportedBlock } from './export-files';

/** What importing a file would do to a board as it stands. */
type ImportPlan = {
  fresh: ExportedBlock[];
  alreadyImported: number;
  skippedRows: number;
  room: number;
};

async function boardHoldings(db: Db, userId: number) {
  const held = await db
    .select({ importKey: blocks.importKey })
    .from(blocks)
    .where(eq(blocks.userId, userId));
  return {
    importKeys: new Set(held.map((block) => block.importKey).filter((key) => key !== null)),
    count: held.length,
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
  upload: Upload,
  options: { list?: LetterboxdList } = {},
): Promise<ImportPlan> {
  const parsed = parseUpload(source, upload, options);
  const board = await boardHoldings(db, userId);
  const fresh = parsed.blocks.filter((exported) => !board.importKeys.has(exported.importKey));
  return {
    fresh,
    alreadyImported: parsed.blocks.length - fresh.length,
    skippedRows: parsed.skippedRows,
    room: maxBlocksPerBoard - board.count,
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
 * Adds the plan's new blocks and their stories as one change: all of them or, when the board
 * lacks room for all, none (the board's limit is a trigger, so a race cannot overfill it). With
 * `covers`, books with an ISBN arrive with their cover.
 */
export async function runImport(
  board: BoardWriter,
  plan: ImportPlan,
  { covers = false }: { covers?: boolean } = {},
) {
  const tooMany = doesNotFit(plan);
  if (tooMany) throw new Refusal('conflict', tooMany);
  const wanted = plan.fresh.flatMap(({ importKey, isbn }) => (isbn ? [{ importKey, isbn }] : []));
  const found = covers ? await findBookCovers(board.env, board.userId, wanted) : new Map();
  const brought: BroughtBlock[] = plan.fresh.map(({ importKey, block, addedAt, statusAt }) => ({
    importKey,
    block: { ...block, imageUrl: found.get(importKey) },
    addedAt,
    statusAt,
  }));
  let inserted: { id: number; importKey: string }[] = [];
  if (brought.length > 0) {
    const at = Date.now();
    const statements = bringBlocks(board.db, board.userId, brought, at);
    const { results } = await commitChange(board, 'blocks', statements).catch((error: unknown) =>
      // Another import or a new block took the room meanwhile.
      refuseFullBoard(error, 'Your board filled up meanwhile: look at the import again.'),
    );
    inserted = results[0];
  }
  return {
    added: inserted.length,
    covers: inserted.filter(({ importKey }) => found.has(importKey)).length,
    alreadyImported: plan.alreadyImported,
    skippedRows: plan.skippedRows,
  };
}
