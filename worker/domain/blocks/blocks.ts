import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import {
  type BlockStatus,
  type BlockStoryKind,
  handEditedFields,
  storyKindOfStatus,
} from '../../../schema/block-values';
import { type BlockInput, maxBlocksPerBoard } from '../../../schema/blocks';
import {
  blockCopies,
  blockStoryEvents,
  blocks,
  boardSizes,
  hiddenBlocks,
  users,
} from '../../../schema/tables';
import { type Db, failedWith, rawRun } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { type BoardWriter, commitChange } from '../board-changes/record';
import { blockedLinkDomain } from '../moderation/domain-blocks';
import type { Work } from './works';

// The works index is a writer's concern: it loads on an isolate's first write, never at its start.
const works = () => import('./works');

type BlockRow = typeof blocks.$inferSelect;

const boardFull = `Your board holds at most ${maxBlocksPerBoard} blocks. Delete one to add another.`;

/** How many more blocks the board takes: its size is one row, kept by triggers (migrations). */
export async function roomOnBoard(db: Db, userId: number): Promise<number> {
  const size = await db
    .select({ blocks: boardSizes.blocks })
    .from(boardSizes)
    .where(eq(boardSizes.userId, userId))
    .get();
  return maxBlocksPerBoard - (size?.blocks ?? 0);
}

/**
 * The room between two blocks placed in a row (added, imported or renumbered): ten moves into the
 * same gap before the board is renumbered (`placeBlock`).
 */
export const positionGap = 1024;

// Computed inside the INSERT, so parallel creates never share a position.
const nextPosition = (userId: number) =>
  sql<number>`(SELECT COALESCE(MAX(${blocks.position}), 0) + ${positionGap} FROM ${blocks} WHERE ${blocks.userId} = ${userId})`;

/**
 * The database refuses a block past the board's limit (trigger in migrations): atomic under races.
 * Each writer says in `message` what the person can do about it.
 */
export function refuseFullBoard(error: unknown, message = boardFull): never {
  if (failedWith(error, 'board_full')) throw new Refusal('conflict', message);
  throw error;
}

export function ownedBlock(id: number, userId: number) {
  return and(eq(blocks.id, id), eq(blocks.userId, userId));
}

/** Judged before a write: whether the block is the writer's, so the write changes their board. */
export const isOwned = (id: number, userId: number) =>
  sql`EXISTS (SELECT 1 FROM ${blocks} WHERE ${ownedBlock(id, userId)})`;

/**
 * Adds `kind` at `at` to the story of the block `which` selects; nothing when it selects none.
 * Goes in the batch of the change it tells, so the story never misses or invents one.
 */
function tellStory(db: Db, which: SQL | undefined, kind: BlockStoryKind, at: number) {
  return rawRun(
    db,
    sql`INSERT INTO ${blockStoryEvents} (user_id, block_id, kind, at)
      SELECT ${blocks.userId}, ${blocks.id}, ${kind}, ${at} FROM ${blocks} WHERE ${which ?? sql`1`}`,
  );
}

/**
 * The block just added to `userId`'s board, within the batch that added it: ids only grow
 * (AUTOINCREMENT) and a batch is one transaction, so it is the board's highest.
 */
const newestBlockOf = (userId: number) =>
  eq(blocks.id, sql`(SELECT max(${blocks.id}) FROM ${blocks} WHERE ${blocks.userId} = ${userId})`);

/** A new block's story starts: added, and in its status, at once. */
function startStory(db: Db, userId: number, status: BlockStatus, at: number) {
  return [
    tellStory(db, newestBlockOf(userId), 'added', at),
    tellStory(db, newestBlockOf(userId), storyKindOfStatus[status], at),
  ] as const;
}

/**
 * The story of a block moving to `status`: nothing when it is there already. Runs before the
 * change, while the block holds its old status.
 */
function tellMove(db: Db, block: SQL | undefined, status: BlockStatus, at: number) {
  return tellStory(db, and(block, ne(blocks.status, status)), storyKindOfStatus[status], at);
}

/** `status_since` after a change to `status`: kept when the block stays where it is. */
function statusSinceAfter(status: BlockStatus | undefined, at: number) {
  if (status === undefined) return undefined;
  return sql<number>`CASE WHEN ${blocks.status} = ${status} THEN ${blocks.statusSince} ELSE ${at} END`;
}

export const tabNames: Record<BlockStatus, string> = {
  now: 'Now',
  planned: 'Planned',
  done: 'Done',
};

/**
 * Refuses a block whose work the board holds already (decision 0050): one work is one block, and
 * its story tells a second reading or viewing.
 */
async function refuseKnownWork(db: Db, userId: number, input: Work) {
  const { findWorks } = await works();
  const [known] = await findWorks(db, userId, [input]);
  if (!known) return;
  const message = `“${known.title}” is already on your board, in ${tabNames[known.status]}: open it there to change it.`;
  // The block dialog shows it under the title.
  throw new Refusal('conflict', message, { fields: { title: message } });
}

/** The words a new block's owner wrote themselves, which no import or source overwrites later. */
const ownWords = (input: BlockInput) =>
  (input.rating != null ? handEditedFields.rating : 0) |
  (input.review ? handEditedFields.review : 0);

/** A link to a site a moderator blocked (`/admin/domains`, kind links) is not saved: 400. */
async function refuseBlockedLink(db: Db, externalUrl: string | null | undefined) {
  const blocked = externalUrl ? await blockedLinkDomain(db, externalUrl) : null;
  if (!blocked) return;
  const message = `Links to ${blocked} were reported as harmful and cannot be saved on Up2.`;
  throw new Refusal('invalid', message, { fields: { externalUrl: message } });
}

/** A block a moderator hid is not the owner's to edit: saying so beats a save that changes nothing. */
async function refuseHiddenByModerator(db: Db, id: number, userId: number) {
  const held = await db
    .select({ id: hiddenBlocks.blockId })
    .from(hiddenBlocks)
    .innerJoin(blocks, eq(blocks.id, hiddenBlocks.blockId))
    .where(ownedBlock(id, userId))
    .get();
  if (held) {
    throw new Refusal(
      'conflict',
      'A moderator hid this block, so it cannot be edited. Your notifications say why, and how to appeal.',
    );
  }
}

export async function createBlock(writer: BoardWriter, input: BlockInput) {
  const { db, userId } = writer;
  await refuseBlockedLink(db, input.externalUrl);
  await refuseKnownWork(db, userId, input);
  const at = Date.now();
  const { results } = await commitChange(writer, 'blocks', [
    db
      .insert(blocks)
      .values({
        ...input,
        // A link is there, not under way: it tracks no progress unless asked to.
        progressEnabled: input.progressEnabled ?? input.category !== 'digital',
        userId,
        position: nextPosition(userId),
        handEdited: ownWords(input),
        createdAt: new Date(at),
        updatedAt: new Date(at),
        statusSince: at,
      })
      .returning(),
    // The table's default status, when the input names none.
    ...startStory(db, userId, input.status ?? 'now', at),
  ]).catch(refuseFullBoard);
  return results[0][0] as BlockRow;
}

/** Anyone but the owner gets the same 404 as for a block that does not exist. */
export const blockNotFound = () =>
  new Refusal('not-found', 'This block does not exist or is not yours.');

/** `handEditedFields`' bit when `column` is given and differs from the stored value, else 0. */
function editedBit(column: SQLiteColumn, value: unknown, bit: number) {
  if (value === undefined) return sql`0`;
  return sql`CASE WHEN ${column} IS NOT ${value ?? null} THEN ${bit} ELSE 0 END`;
}

/**
 * Remembers which fields of a block the owner changed by hand (decisions 0033, 0050), so no source
 * or import that finds its work again overwrites them. Runs before the change, while the block
 * holds its old values.
 */
function markHandEdits(db: Db, id: number, userId: number, input: Partial<BlockInput>) {
  const edited = sql.join(
    [
      editedBit(blocks.title, input.title, handEditedFields.title),
      editedBit(blocks.status, input.status, handEditedFields.status),
      editedBit(blocks.progress, input.progress, handEditedFields.progress),
      editedBit(blocks.imageUrl, input.imageUrl, handEditedFields.image),
      editedBit(blocks.rating, input.rating, handEditedFields.rating),
      editedBit(blocks.review, input.review, handEditedFields.review),
      editedBit(blocks.description, input.description, handEditedFields.description),
      editedBit(
        blocks.isVisible,
        input.isVisible === undefined ? undefined : Number(input.isVisible),
        handEditedFields.visibility,
      ),
    ],
    sql` | `,
  );
  return db
    .update(blocks)
    .set({ handEdited: sql`${blocks.handEdited} | ${edited}` })
    .where(ownedBlock(id, userId));
}

/** Whether an edit may name another work: then the block's keys are written again. */
const renamesWork = (input: Partial<BlockInput>) =>
  [input.type, input.title, input.subtitle, input.externalUrl].some((field) => field !== undefined);

export async function updateBlock(writer: BoardWriter, id: number, input: BlockInput) {
  const { db, userId } = writer;
  await Promise.all([
    refuseBlockedLink(db, input.externalUrl),
    refuseHiddenByModerator(db, id, userId),
  ]);
  const at = Date.now();
  const block = ownedBlock(id, userId);
  const renames = renamesWork(input);
  const update = db
    .update(blocks)
    .set({
      ...input,
      updatedAt: new Date(at),
      statusSince: statusSinceAfter(input.status, at),
      ...(renames ? { worksIndexed: false } : {}),
    })
    .where(block)
    .returning();
  const marked = markHandEdits(db, id, userId, input);
  const forget = renames ? [(await works()).forgetWorkStatement(db, userId, id)] : [];
  // A change that names no status keeps the block where it is: its story has nothing to tell.
  const move = input.status === undefined ? [] : [tellMove(db, block, input.status, at)];
  const statements = [marked, ...forget, ...move, update] as const;
  const { results } = await commitChange(writer, 'blocks', statements, isOwned(id, userId));
  const [updated] = results.at(-1) as BlockRow[];
  if (!updated) throw blockNotFound();
  return updated;
}

/**
 * What moving block `id` to `status` writes besides the status: its story and the owner's hand
 * edit (first, while the block holds its old status), and the fields that go with the status:
 * planned 0, done 100, now keeps 1-99 or gets 50.
 */
export function statusMove(db: Db, id: number, userId: number, status: BlockStatus, at: number) {
  return {
    before: [
      markHandEdits(db, id, userId, { status }),
      tellMove(db, ownedBlock(id, userId), status, at),
    ] as const,
    fields: {
      status,
      progress: sql<number>`CASE ${status} WHEN 'planned' THEN 0 WHEN 'done' THEN 100 ELSE CASE WHEN ${blocks.progress} BETWEEN 1 AND 99 THEN ${blocks.progress} ELSE 50 END END`,
      updatedAt: new Date(at),
      statusSince: statusSinceAfter(status, at),
    },
  };
}

/**
 * Status alone (`PUT /api/blocks/:id` with `{ status }`). The web app's "Move to …" buttons send
 * the whole block instead (quickMoves).
 */
export async function moveBlock(writer: BoardWriter, id: number, status: BlockStatus) {
  const { db, userId } = writer;
  const move = statusMove(db, id, userId, status, Date.now());
  const { results } = await commitChange(
    writer,
    'blocks',
    [...move.before, db.update(blocks).set(move.fields).where(ownedBlock(id, userId)).returning()],
    isOwned(id, userId),
  );
  const [updated] = results[2];
  if (!updated) throw blockNotFound();
  return updated;
}

/** Sets one of the user's blocks' progress (and shows its bar): what a script sends, alone. */
export async function setBlockProgress(writer: BoardWriter, id: number, progress: number) {
  const { db, userId } = writer;
  const { results } = await commitChange(
    writer,
    'blocks',
    [
      markHandEdits(db, id, userId, { progress }),
      db
        .update(blocks)
        .set({ progress, progressEnabled: true, updatedAt: new Date() })
        .where(ownedBlock(id, userId))
        .returning(),
    ],
    isOwned(id, userId),
  );
  const [updated] = results[1];
  if (!updated) throw blockNotFound();
  return updated;
}

/** A block anyone may see: visible, on a public board. */
function findPublicBlock(db: Db, id: number) {
  return db
    .select({ block: blocks })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.userId))
    .where(and(eq(blocks.id, id), eq(blocks.isVisible, true), eq(users.isPublic, true)))
    .get();
}

/**
 * Copies a public block onto the copier's board as "planned" (they mean to do it, not yet begun),
 * recording its origin and who copied it in one transaction: copying, deleting the copy and
 * copying again counts once. The copy's story starts now, whatever the original's says.
 */
export async function copyBlock(writer: BoardWriter, sourceId: number) {
  const { db, userId: copierId } = writer;
  const source = (await findPublicBlock(db, sourceId))?.block;
  if (!source) throw new Refusal('not-found', 'This block does not exist or is not public.');
  if (source.userId === copierId)
    throw new Refusal('invalid', 'This block is already on your board.');
  const { copyIsbnStatement, isbnOfBlock } = await works();
  const isbn = await isbnOfBlock(db, source.id);
  await refuseKnownWork(db, copierId, { ...source, isbn });
  const at = Date.now();
  const copy = {
    type: source.type,
    category: source.category,
    emoji: source.emoji,
    label: source.label,
    title: source.title,
    subtitle: source.subtitle,
    description: source.description,
    imageUrl: source.imageUrl,
    imageAspectRatio: source.imageAspectRatio,
    imagePosition: source.imagePosition,
    externalUrl: source.externalUrl,
    status: 'planned' as const,
    progress: 0,
    progressEnabled: source.progressEnabled,
    isVisible: true,
    copiedFromBlockId: source.id,
    copiedFromUserId: source.userId,
    userId: copierId,
    position: nextPosition(copierId),
    createdAt: new Date(at),
    updatedAt: new Date(at),
    statusSince: at,
  };
  const { results } = await commitChange(writer, 'blocks', [
    db.insert(blocks).values(copy).returning(),
    ...startStory(db, copierId, copy.status, at),
    // The source's count grows only with a person's first copy (trigger on block_copies).
    db.insert(blockCopies).values({ sourceBlockId: source.id, copierId }).onConflictDoNothing(),
    ...(isbn ? [copyIsbnStatement(db, copierId, source.id, isbn)] : []),
  ]).catch((error: unknown) => {
    if (failedWith(error, 'UNIQUE constraint failed')) {
      throw new Refusal('conflict', 'You already copied this block to your board.');
    }
    return refuseFullBoard(error);
  });
  return results[0][0] as BlockRow;
}

/**
 * The board a "Visit Link" click counts for: a block anyone may see, or the viewer's own (whose
 * clicks count nothing). Refuses a block no one but its owner may see, as if it did not exist.
 */
export async function findClickedBlock(db: Db, id: number, viewerId: number | null) {
  const found = await db
    .select({ boardId: blocks.userId, isVisible: blocks.isVisible, isPublic: users.isPublic })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.userId))
    .where(eq(blocks.id, id))
    .get();
  const isOwn = found !== undefined && found.boardId === viewerId;
  if (!found || (!isOwn && !(found.isVisible && found.isPublic))) {
    throw new Refusal('not-found', 'This block does not exist.');
  }
  return { boardId: found.boardId, isOwn };
}

/** What is wrong with an order for a tab holding `held`, in words; null when it names exactly those. */
function orderMismatch(status: BlockStatus, held: Set<number>, ids: number[]): string | null {
  const tab = tabNames[status];
  const stranger = ids.find((id) => !held.has(id));
  if (stranger !== undefined) {
    return `The order must list only your blocks in ${tab}: block ${stranger} is not one of them.`;
  }
  const listed = new Set(ids);
  const missing = [...held].find((id) => !listed.has(id));
  if (missing !== undefined) {
    return `The order must list every block in ${tab}: block ${missing} is missing. Reload and try again.`;
  }
  return null;
}

/**
 * The positions a tab's blocks hold now, lowest first, made strictly increasing: given out again
 * in the new order, they keep the tab's blocks where they were among the board's other tabs
 * (Discover shows all of them together), and two blocks never tie.
 */
function positionSlots(positions: number[]): number[] {
  const slots: number[] = [];
  for (const position of positions.toSorted((a, b) => a - b)) {
    slots.push(Math.max(position, (slots.at(-1) ?? Number.NEGATIVE_INFINITY) + 1));
  }
  return slots;
}

/**
 * Puts the blocks of one tab (`status`) in the order of `ids`, which must name exactly the blocks
 * the owner has there. One transaction; each write is guarded by owner and status, so a block that
 * moved tab meanwhile keeps its place.
 */
export async function reorderBlocks(writer: BoardWriter, status: BlockStatus, ids: number[]) {
  const { db, userId } = writer;
  const inTab = await db
    .select({ id: blocks.id, position: blocks.position })
    .from(blocks)
    .where(and(eq(blocks.userId, userId), eq(blocks.status, status)));
  const mismatch = orderMismatch(status, new Set(inTab.map((block) => block.id)), ids);
  if (mismatch) throw new Refusal('invalid', mismatch);
  const slots = positionSlots(inTab.map((block) => block.position));
  const current = new Map(inTab.map((block) => [block.id, block.position]));
  const writes = ids
    .map((id, index) => ({ id, position: slots[index] as number }))
    .filter(({ id, position }) => current.get(id) !== position)
    .map(({ id, position }) =>
      db
        .update(blocks)
        .set({ position })
        .where(and(ownedBlock(id, userId), eq(blocks.status, status))),
    );
  const [first, ...rest] = writes;
  if (first) await commitChange(writer, 'blocks', [first, ...rest]);
}
