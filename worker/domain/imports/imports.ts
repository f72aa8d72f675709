import { maxBlocksPerBoard } from '../../../schema/blocks';
import type { ImportSource, LetterboxdList } from '../../../schema/imports';
import type { Db } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { refuseFullBoard, roomOnBoard } from '../blocks/blocks';
import {
  type BroughtBlock,
  bringBlocks,
  broughtBlocksAt,
  recordIsbns,
  updateKnownBlocks,
} from '../blocks/bulk';
import { findWorks, isbn13, type KnownWork } from '../blocks/works';
import { type BoardWriter, commitChange } from '../board-changes/record';
import { findBookCovers } from './book-covers';
import { parseUpload, type Upload } from './export-archives';
import type { ExportedBlock } from './export-files';

/** What importing a file would do to a board as it stands. */
type ImportPlan = {
  fresh: ExportedBlock[];
  /** Rows whose work the board holds already, with its block: they update it. */
  known: (ExportedBlock & { on: KnownWork })[];
  skippedRows: number;
  room: number;
};

/** Why an import cannot go ahead when the board lacks room for all it would add. */
function doesNotFit({ room, fresh }: ImportPlan): string | null {
  if (fresh.length <= room) return null;
  const fits = room <= 0 ? 'Your board is full' : `Only ${room} of them fit`;
  return `This file would add ${fresh.length} blocks. ${fits}: a board holds at most ${maxBlocksPerBoard} blocks. Delete some blocks, or remove rows from the file, and try again.`;
}

/** Reads the file and sets aside the works the board holds already (decision 0050). */
export async function planImport(
  db: Db,
  userId: number,
  source: ImportSource,
  upload: Upload,
  options: { list?: LetterboxdList } = {},
): Promise<ImportPlan> {
  const parsed = parseUpload(source, upload, options);
  const found = await findWorks(
    db,
    userId,
    parsed.blocks.map(({ block, importKey, isbn }) => ({ ...block, importKey, isbn })),
  );
  const fresh: ExportedBlock[] = [];
  const known: ImportPlan['known'] = [];
  parsed.blocks.forEach((exported, at) => {
    const on = found[at];
    if (on) known.push({ ...exported, on });
    else fresh.push(exported);
  });
  return { fresh, known, skippedRows: parsed.skippedRows, room: await roomOnBoard(db, userId) };
}

// The rows a preview shows: the first of a file that may hold tens of thousands.
const previewedRows = 200;

export function previewOf(plan: ImportPlan) {
  return {
    blocks: plan.fresh.slice(0, previewedRows).map(({ block, statusAt }) => ({
      title: block.title,
      subtitle: block.subtitle ?? null,
      status: block.status,
      rating: block.rating ?? null,
      statusSince: statusAt,
    })),
    newCount: plan.fresh.length,
    alreadyOnBoard: plan.known.length,
    skippedRows: plan.skippedRows,
    room: plan.room,
    doesNotFit: doesNotFit(plan),
    withIsbn: plan.fresh.filter((exported) => exported.isbn !== null).length,
  };
}

/** The statements that bring the blocks the board had already up to what the file says. */
function updateKnown(board: BoardWriter, plan: ImportPlan, at: number) {
  const news = plan.known.map(({ on, block, statusAt }) => ({
    blockId: on.blockId,
    status: block.status,
    statusAt,
    rating: block.rating ?? null,
    review: block.review ?? null,
    known: on,
  }));
  return updateKnownBlocks(board.db, board.userId, news, at);
}

/**
 * Adds the plan's new blocks and their stories, and updates the blocks of works the board held
 * already, as one change: all of them or, when the board lacks room for all new ones, none (the
 * board's limit is a trigger, so a race cannot overfill it). With `covers`, books with an ISBN
 * arrive with their cover.
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
  const isbns = plan.fresh.flatMap(({ importKey, isbn }) => {
    const normalised = isbn ? isbn13(isbn) : null;
    return normalised ? [{ importKey, isbn: normalised }] : [];
  });
  const answer = { updated: plan.known.length, skippedRows: plan.skippedRows };
  if (brought.length === 0 && plan.known.length === 0) return { ...answer, added: 0, covers: 0 };
  const at = Date.now();
  const statements = [
    ...bringBlocks(board.db, board.userId, brought, at),
    recordIsbns(board.db, board.userId, isbns),
    ...updateKnown(board, plan, at),
  ] as const;
  const { results } = await commitChange(board, 'blocks', statements).catch((error: unknown) =>
    // Another import or a new block took the room meanwhile.
    refuseFullBoard(error, 'Your board filled up meanwhile: look at the import again.'),
  );
  const inserted = results[broughtBlocksAt];
  return {
    ...answer,
    added: inserted.length,
    covers: inserted.filter(({ importKey }) => found.has(importKey)).length,
  };
}
