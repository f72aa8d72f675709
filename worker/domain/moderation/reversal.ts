import { and, eq, isNull } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { blocks, hiddenBlocks, moderationActions, reports, users } from '../../../schema/tables';
import { type Db, failedWith } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { commitChange } from '../board-changes/record';
import {
  answerActions,
  isReversible,
  type ModeratorRequest,
  newestAction,
  opposites,
  type ReversibleKind,
  reversedBy,
  tellOwner,
  unsuspendBoard,
} from './actions';

type ActionRow = typeof moderationActions.$inferSelect;
type BoardRow = typeof users.$inferSelect;

async function findEntry(db: Db, id: number) {
  const found = await db
    .select({ action: moderationActions, board: users, reversedBy })
    .from(moderationActions)
    .innerJoin(users, eq(users.id, moderationActions.boardId))
    .where(eq(moderationActions.id, id))
    .get();
  if (!found) throw new Refusal('not-found', 'This audit entry does not exist.');
  const { action } = found;
  if (!isReversible(action.action)) {
    throw new Refusal('conflict', 'This action has nothing to undo: it cannot be reversed.');
  }
  // Only the newest action on a thing stands unreversed: any later one on it reversed this one.
  if (found.reversedBy !== null) {
    throw new Refusal('conflict', 'This action was already reversed or superseded.');
  }
  return { ...found, kind: action.action };
}

/** Showing a hidden block again; refused for one deleted since (nothing to show). */
async function unhide(db: Db, action: ActionRow): Promise<BatchItem<'sqlite'>[]> {
  const blockId = action.blockId ?? 0;
  const block = await db.select({ id: blocks.id }).from(blocks).where(eq(blocks.id, blockId)).get();
  if (!block) {
    throw new Refusal('conflict', 'The hidden block was deleted since: there is nothing to show.');
  }
  return [
    db.delete(hiddenBlocks).where(eq(hiddenBlocks.blockId, blockId)),
    db.update(blocks).set({ isVisible: true }).where(eq(blocks.id, blockId)),
  ];
}

async function undo(db: Db, kind: ReversibleKind, action: ActionRow, board: BoardRow) {
  if (kind === 'hide-block') return unhide(db, action);
  if (kind === 'suspend') return [unsuspendBoard(db, board.id)];
  return [db.update(users).set({ keptOffDiscover: false }).where(eq(users.id, board.id))];
}

/**
 * A moderator reverses an action from the audit log with a note: the opposite action is recorded
 * naming the one it reverses (once: a unique index), undoes it as a change of the board, answers
 * the owner's open appeal of it, and is told to the owner as the action was.
 */
export async function reverseAction(request: ModeratorRequest, actionId: number, note: string) {
  const { db, writerOf, moderator } = request;
  const { action, board, kind } = await findEntry(db, actionId);
  const writes = await undo(db, kind, action, board);
  const { results } = await commitChange(
    writerOf(board.id),
    kind === 'hide-block' ? 'blocks' : 'privacy',
    [
      db
        .insert(moderationActions)
        .values({
          boardId: board.id,
          moderatorId: moderator.id,
          action: opposites[kind],
          blockId: action.blockId,
          note,
          reverses: action.id,
        })
        .returning(),
      ...writes,
      db
        .update(reports)
        .set({ actionId: newestAction })
        .where(and(eq(reports.appealOf, action.id), isNull(reports.actionId))),
      tellOwner(db, board.id, action.blockId),
    ],
  ).catch((error: unknown) => {
    if (failedWith(error, 'UNIQUE')) {
      throw new Refusal('conflict', 'This action was already reversed or superseded.');
    }
    throw error;
  });
  const [entry] = answerActions(request, [
    { action: (results[0] as ActionRow[])[0] as ActionRow, board },
  ]);
  if (!entry) throw new Error('The reversal was not recorded.');
  return entry;
}
