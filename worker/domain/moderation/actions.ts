import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { alias } from 'drizzle-orm/sqlite-core';
import type { ModerationActionInput } from '../../../schema/moderation';
import {
  type ModerationActionKind,
  suspendedAccountKeptMs,
} from '../../../schema/moderation-values';
import { suspensionDeletionWarning } from '../../../schema/suspension-notice';
import {
  blocks,
  hiddenBlocks,
  moderationActions,
  notifications,
  personalAccessTokens,
  reports,
  sessions,
  users,
} from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { sendMail } from '../../platform/mail';
import { Refusal } from '../../platform/refusal';
import { type BoardWriter, commitChange } from '../board-changes/record';

type ActionRow = typeof moderationActions.$inferSelect;
type BoardRow = typeof users.$inferSelect;

// The action this batch wrote: a batch is one transaction, so it is the newest.
const newestAction = sql<number>`(SELECT max(${moderationActions.id}) FROM ${moderationActions})`;

async function findReport(db: Db, id: number) {
  const found = await db
    .select({ report: reports, board: users })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.boardId))
    .where(eq(reports.id, id))
    .get();
  if (!found) throw new Refusal('not-found', 'This report does not exist.');
  return found;
}

function recordAction(
  db: Db,
  board: BoardRow,
  moderatorId: number,
  input: ModerationActionInput,
  blockId: number | null,
) {
  return db.insert(moderationActions).values({
    boardId: board.id,
    moderatorId,
    action: input.action,
    blockId,
    note: input.note,
    boardWasPublic: input.action === 'suspend' ? board.isPublic : null,
  });
}

/** Every open report of the board is answered by the action: the moderator saw them together. */
const closeReports = (db: Db, boardId: number) =>
  db
    .update(reports)
    .set({ actionId: newestAction })
    .where(and(eq(reports.boardId, boardId), isNull(reports.actionId)));

/** The owner is told on their dashboard what was done and why (the action carries the note). */
const tellOwner = (db: Db, boardId: number, blockId: number | null) =>
  db.insert(notifications).values({
    recipientId: boardId,
    kind: 'moderated',
    actorId: boardId,
    blockId,
    moderationActionId: newestAction,
  });

type BoardPlan = {
  aspect: 'blocks' | 'privacy';
  blockId: number | null;
  statements: BatchItem<'sqlite'>[];
};

/** Hiding the reported block: its hold, and the flag every reader filters on. */
function hideBlock(db: Db, blockId: number): BoardPlan {
  return {
    aspect: 'blocks',
    blockId,
    statements: [
      db.insert(hiddenBlocks).values({ blockId, actionId: newestAction }),
      db.update(blocks).set({ isVisible: false }).where(eq(blocks.id, blockId)),
    ],
  };
}

/** What an action on the whole board writes, besides its record, the reports' close and the notice. */
function actOnBoard(
  db: Db,
  board: BoardRow,
  action: Exclude<ModerationActionKind, 'dismiss' | 'hide-block'>,
): BoardPlan {
  const ofBoard = eq(users.id, board.id);
  const statements = {
    'keep-off-discover': () => [db.update(users).set({ keptOffDiscover: true }).where(ofBoard)],
    suspend: () => [
      db.update(users).set({ suspendedAt: new Date(), isPublic: false }).where(ofBoard),
      db.delete(sessions).where(eq(sessions.userId, board.id)),
      db.delete(personalAccessTokens).where(eq(personalAccessTokens.userId, board.id)),
    ],
    unsuspend: () => [
      db
        .update(users)
        .set({
          suspendedAt: null,
          isPublic: sql`coalesce((SELECT ${moderationActions.boardWasPublic} FROM ${moderationActions}
            WHERE ${moderationActions.boardId} = ${board.id} AND ${moderationActions.action} = 'suspend'
            ORDER BY ${moderationActions.id} DESC LIMIT 1), 1)`,
        })
        .where(ofBoard),
    ],
  }[action]();
  return { aspect: 'privacy', blockId: null, statements };
}

async function hiddenBlockOf(db: Db, report: typeof reports.$inferSelect) {
  if (report.blockId === null) {
    throw new Refusal('invalid', 'This report names no block: choose another action.', {
      fields: { action: 'This report names no block: choose another action.' },
    });
  }
  const block = await db
    .select({ id: blocks.id, held: hiddenBlocks.blockId })
    .from(blocks)
    .leftJoin(hiddenBlocks, eq(hiddenBlocks.blockId, blocks.id))
    .where(and(eq(blocks.id, report.blockId), eq(blocks.userId, report.boardId)))
    .get();
  if (!block) throw new Refusal('not-found', 'The reported block no longer exists.');
  if (block.held !== null) throw new Refusal('conflict', 'This block is already hidden.');
  return block.id;
}

function refuseNeedless(board: BoardRow, action: ModerationActionKind) {
  if (action === 'suspend' && board.suspendedAt) {
    throw new Refusal('conflict', 'This board is already suspended.');
  }
  if (action === 'unsuspend' && !board.suspendedAt) {
    throw new Refusal('conflict', 'This board is not suspended.');
  }
  if (action === 'keep-off-discover' && board.keptOffDiscover) {
    throw new Refusal('conflict', 'This board is already kept off Discover.');
  }
}

/**
 * A moderator acts on a report: the action is recorded with its note, answers every open report
 * of the board, and (but a dismissal) is a change of the board like any other, committed through
 * the board's writer so caches and the fediverse hear it, and told to the owner.
 */
export async function actOnReport(
  writerOf: (boardId: number) => BoardWriter,
  db: Db,
  moderatorId: number,
  reportId: number,
  input: ModerationActionInput,
): Promise<{ action: ActionRow; board: BoardRow }> {
  const { report, board } = await findReport(db, reportId);
  refuseNeedless(board, input.action);
  if (input.action === 'dismiss') {
    const [[action]] = await db.batch([
      recordAction(db, board, moderatorId, input, report.blockId).returning(),
      closeReports(db, board.id),
    ]);
    return { action: action as ActionRow, board };
  }
  const plan =
    input.action === 'hide-block'
      ? hideBlock(db, await hiddenBlockOf(db, report))
      : actOnBoard(db, board, input.action);
  const { results } = await commitChange(writerOf(board.id), plan.aspect, [
    recordAction(db, board, moderatorId, input, plan.blockId).returning(),
    ...plan.statements,
    closeReports(db, board.id),
    tellOwner(db, board.id, plan.blockId),
  ]);
  return { action: (results[0] as ActionRow[])[0] as ActionRow, board };
}

const boardOwner = alias(users, 'board_owner');
const moderator = alias(users, 'moderator');

/** The audit log's entries, newest first: who did what to which board, when and why. */
export async function auditEntries(db: Db, where?: ReturnType<typeof eq>, limit = 100) {
  const rows = await db
    .select({
      action: moderationActions,
      board: boardOwner.username,
      moderator: moderator.username,
    })
    .from(moderationActions)
    .innerJoin(boardOwner, eq(boardOwner.id, moderationActions.boardId))
    .leftJoin(moderator, eq(moderator.id, moderationActions.moderatorId))
    .where(where)
    .orderBy(desc(moderationActions.id))
    .limit(limit);
  return rows.map(toAuditEntry);
}

export function toAuditEntry(row: { action: ActionRow; board: string; moderator: string | null }) {
  const { id, action, blockId, note, createdAt } = row.action;
  return {
    id,
    action,
    board: row.board,
    blockId,
    note,
    moderator: row.moderator,
    createdAt: createdAt.toISOString(),
  };
}

const mailedWords: Record<Exclude<ModerationActionKind, 'dismiss'>, string> = {
  'hide-block': 'A moderator hid one of the blocks on your Up2 board.',
  'keep-off-discover':
    'A moderator kept your Up2 board off Discover. It stays reachable by its link.',
  suspend: 'A moderator suspended your Up2 board: no one else can see it.',
  unsuspend: 'A moderator restored your Up2 board: everyone can see it again.',
};

/** The owner is also told by email, at a proven address only; a dismissal is not news to them. */
export async function mailOwner(env: Env, board: BoardRow, action: ActionRow) {
  if (action.action === 'dismiss' || !board.emailVerified) return;
  await sendMail(env, {
    to: board.email,
    subject: 'A moderator acted on your board on Up2',
    text: [
      `Hi ${board.displayName},`,
      '',
      mailedWords[action.action],
      `Why: ${action.note}`,
      ...(action.action === 'suspend'
        ? [suspensionDeletionWarning(action.createdAt.getTime() + suspendedAccountKeptMs)]
        : []),
      '',
      `Your notifications say it too: ${new URL('/notifications', env.APP_URL).href}`,
    ].join('\n'),
  });
}
