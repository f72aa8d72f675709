import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { alias } from 'drizzle-orm/sqlite-core';
import type { ModerationActionInput } from '../../../schema/moderation';
import {
  type ModerationActionKind,
  type ReportActionKind,
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
import { type BoardWriter, commitChanges } from '../board-changes/record';

type ActionRow = typeof moderationActions.$inferSelect;
type BoardRow = typeof users.$inferSelect;
type ReportRow = typeof reports.$inferSelect;
type Statement = BatchItem<'sqlite'>;

// The action this batch wrote last: a batch is one transaction, so it is the newest.
export const newestAction = sql<number>`(SELECT max(${moderationActions.id}) FROM ${moderationActions})`;

/** The reports named, with their boards; one statement, the ids passed as one JSON value. */
async function findReports(db: Db, ids: number[]) {
  const found = await db
    .select({ report: reports, board: users })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.boardId))
    .where(sql`${reports.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
  const missing = ids.filter((id) => !found.some(({ report }) => report.id === id));
  if (missing.length === 1 && ids.length === 1) {
    throw new Refusal('not-found', 'This report does not exist.');
  }
  if (missing.length > 0) {
    throw new Refusal('not-found', `These reports do not exist: ${missing.join(', ')}.`);
  }
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
    // An unsuspension reverses the board's suspension (the audit log shows it reversed).
    reverses: input.action === 'unsuspend' ? latestSuspension(board.id) : null,
  });
}

const latestSuspension = (boardId: number) =>
  sql<number>`(SELECT max(${moderationActions.id}) FROM ${moderationActions}
    WHERE ${moderationActions.boardId} = ${boardId} AND ${moderationActions.action} = 'suspend')`;

/** Every open report of the board is answered by the action: the moderator saw them together. */
const closeReports = (db: Db, boardId: number) =>
  db
    .update(reports)
    .set({ actionId: newestAction })
    .where(and(eq(reports.boardId, boardId), isNull(reports.actionId)));

/** The owner is told on their dashboard what was done and why (the action carries the note). */
export const tellOwner = (db: Db, boardId: number, blockId: number | null) =>
  db.insert(notifications).values({
    recipientId: boardId,
    kind: 'moderated',
    actorId: boardId,
    blockId,
    moderationActionId: newestAction,
  });

/** Hiding a block: its hold, and the flag every reader filters on. */
const hideBlock = (db: Db, blockId: number) => [
  db.insert(hiddenBlocks).values({ blockId, actionId: newestAction }),
  db.update(blocks).set({ isVisible: false }).where(eq(blocks.id, blockId)),
];

/** Unsuspending restores the board's privacy as it was before its latest suspension. */
export const unsuspendBoard = (db: Db, boardId: number) =>
  db
    .update(users)
    .set({
      suspendedAt: null,
      isPublic: sql`coalesce((SELECT ${moderationActions.boardWasPublic} FROM ${moderationActions}
        WHERE ${moderationActions.boardId} = ${boardId} AND ${moderationActions.action} = 'suspend'
        ORDER BY ${moderationActions.id} DESC LIMIT 1), 1)`,
    })
    .where(eq(users.id, boardId));

type BoardAction = Exclude<ReportActionKind, 'dismiss' | 'hide-block'>;

/** What an action on the whole board writes, besides its record, the reports' close and the notice. */
function actOnBoard(db: Db, board: BoardRow, action: BoardAction): Statement[] {
  const ofBoard = eq(users.id, board.id);
  return {
    'keep-off-discover': () => [db.update(users).set({ keptOffDiscover: true }).where(ofBoard)],
    suspend: () => [
      db.update(users).set({ suspendedAt: new Date(), isPublic: false }).where(ofBoard),
      db.delete(sessions).where(eq(sessions.userId, board.id)),
      db.delete(personalAccessTokens).where(eq(personalAccessTokens.userId, board.id)),
    ],
    unsuspend: () => [unsuspendBoard(db, board.id)],
  }[action]();
}

const noBlockMessage = 'This report names no block: choose another action.';

/**
 * The blocks to hide on each board: those its chosen reports name, checked in one statement (each
 * still on its board, none hidden already).
 */
async function blocksToHide(db: Db, groups: BoardGroup[]) {
  for (const { board, blockIds } of groups) {
    if (blockIds.length > 0) continue;
    const message =
      groups.length === 1
        ? noBlockMessage
        : `No chosen report of @${board.username} names a block.`;
    throw new Refusal('invalid', message, { fields: { action: message } });
  }
  const wanted = groups.flatMap(({ board, blockIds }) =>
    blockIds.map((blockId) => ({ blockId, boardId: board.id })),
  );
  const found = await db
    .select({ id: blocks.id, boardId: blocks.userId, held: hiddenBlocks.blockId })
    .from(blocks)
    .leftJoin(hiddenBlocks, eq(hiddenBlocks.blockId, blocks.id))
    .where(
      sql`${blocks.id} IN (SELECT value FROM json_each(${JSON.stringify(wanted.map((w) => w.blockId))}))`,
    );
  for (const { blockId, boardId } of wanted) {
    const block = found.find((row) => row.id === blockId && row.boardId === boardId);
    if (!block) throw new Refusal('not-found', 'The reported block no longer exists.');
    if (block.held !== null) throw new Refusal('conflict', 'This block is already hidden.');
  }
}

/** When an action would change nothing: said of one board, and of several (naming them). */
const needless: Partial<
  Record<ReportActionKind, { applies: (board: BoardRow) => boolean; one: string; some: string }>
> = {
  suspend: {
    applies: (board) => board.suspendedAt !== null,
    one: 'This board is already suspended.',
    some: 'Already suspended',
  },
  unsuspend: {
    applies: (board) => board.suspendedAt === null,
    one: 'This board is not suspended.',
    some: 'Not suspended',
  },
  'keep-off-discover': {
    applies: (board) => board.keptOffDiscover,
    one: 'This board is already kept off Discover.',
    some: 'Already kept off Discover',
  },
};

/** An action that would change nothing is refused, naming every board it would not change. */
function refuseNeedless(groups: BoardGroup[], action: ReportActionKind) {
  const rule = needless[action];
  const refused = rule ? groups.filter(({ board }) => rule.applies(board)) : [];
  if (!rule || refused.length === 0) return;
  if (groups.length === 1) throw new Refusal('conflict', rule.one);
  const names = refused.map(({ board }) => `@${board.username}`).join(', ');
  throw new Refusal('conflict', `${rule.some}: ${names}. Leave them out and try again.`);
}

type BoardGroup = { board: BoardRow; blockIds: number[] };

/** The chosen reports by board, in the order chosen: one action answers each board. */
function byBoard(found: { report: ReportRow; board: BoardRow }[]): BoardGroup[] {
  const groups = new Map<number, BoardGroup>();
  for (const { report, board } of found) {
    const group = groups.get(board.id) ?? { board, blockIds: [] };
    if (report.blockId !== null && !group.blockIds.includes(report.blockId)) {
      group.blockIds.push(report.blockId);
    }
    groups.set(board.id, group);
  }
  return [...groups.values()];
}

/**
 * A moderator acts on the boards of one or more reports (at most 100) with one note: each board
 * gets its own action (hiding, one per block its chosen reports name), recorded in the audit log,
 * answering every open report of the board. All of it is one D1 batch, so a refusal or a failure
 * leaves every board as it was. But a dismissal, each board's action is a change of the board like
 * any other, so caches and the fediverse hear it, and is told to its owner.
 */
export async function actOnReports(
  writerOf: (boardId: number) => BoardWriter,
  db: Db,
  moderatorId: number,
  reportIds: number[],
  input: ModerationActionInput,
): Promise<{ action: ActionRow; board: BoardRow }[]> {
  const groups = byBoard(await findReports(db, reportIds));
  refuseNeedless(groups, input.action);
  const recordOf = (board: BoardRow, blockId: number | null) =>
    recordAction(db, board, moderatorId, input, blockId).returning();
  if (input.action === 'dismiss') {
    const statements: Statement[] = groups.flatMap(({ board }) => [
      recordOf(board, null),
      closeReports(db, board.id),
    ]);
    const answers = await db.batch(statements as [Statement, ...Statement[]]);
    return groups.map(({ board }, index) => ({
      action: (answers[index * 2] as ActionRow[])[0] as ActionRow,
      board,
    }));
  }
  const action = input.action;
  if (action === 'hide-block') await blocksToHide(db, groups);
  const changes = groups.map(({ board, blockIds }) => {
    const acts =
      action === 'hide-block'
        ? blockIds.map((blockId) => ({ blockId, writes: hideBlock(db, blockId) }))
        : [{ blockId: null, writes: actOnBoard(db, board, action) }];
    // Where each action's record stands in the board's statements, to read it back.
    const records: number[] = [];
    const statements: Statement[] = [];
    for (const { blockId, writes } of acts) {
      records.push(statements.length);
      statements.push(recordOf(board, blockId), ...writes, tellOwner(db, board.id, blockId));
    }
    statements.push(closeReports(db, board.id));
    return {
      board,
      records,
      change: {
        writer: writerOf(board.id),
        aspect: action === 'hide-block' ? ('blocks' as const) : ('privacy' as const),
        statements: statements as [Statement, ...Statement[]],
      },
    };
  });
  const committed = await commitChanges(changes.map(({ change }) => change));
  return changes.flatMap(({ board, records }, index) => {
    const results = committed[index]?.results ?? [];
    return records.map((at) => ({ action: (results[at] as ActionRow[])[0] as ActionRow, board }));
  });
}

/** A moderator's request, as the domain needs it: who acts, through which writers, and after it. */
export type ModeratorRequest = {
  db: Db;
  env: Env;
  moderator: { id: number; username: string };
  writerOf: (boardId: number) => BoardWriter;
  /** Work left for after the answer (the owners' emails). */
  afterAnswer: (work: Promise<unknown>) => void;
};

/** The audit entries of actions just taken, each owner mailed after the answer. */
export function answerActions(
  request: ModeratorRequest,
  acted: { action: ActionRow; board: BoardRow }[],
) {
  const { env, moderator, afterAnswer } = request;
  afterAnswer(Promise.all(acted.map(({ board, action }) => mailOwner(env, board, action))));
  return acted.map(({ action, board }) =>
    toAuditEntry({ action, board: board.username, moderator: moderator.username }),
  );
}

/** `actOnReports` from a moderator's request, answered as audit entries. */
export async function takeActions(
  request: ModeratorRequest,
  reportIds: number[],
  input: ModerationActionInput,
) {
  const { writerOf, db, moderator } = request;
  return answerActions(request, await actOnReports(writerOf, db, moderator.id, reportIds, input));
}

/** One report's board: `takeActions` for one, answered as its one entry. */
export async function takeAction(
  request: ModeratorRequest,
  reportId: number,
  input: ModerationActionInput,
) {
  const [entry] = await takeActions(request, [reportId], input);
  if (!entry) throw new Error('The action was not recorded.');
  return entry;
}

/** An action and its opposite: reversing one from the audit log records the other. */
export const opposites = {
  'hide-block': 'unhide-block',
  'keep-off-discover': 'return-to-discover',
  suspend: 'unsuspend',
} as const;
export type ReversibleKind = keyof typeof opposites;

export const isReversible = (kind: ModerationActionKind): kind is ReversibleKind =>
  Object.hasOwn(opposites, kind);

/** The entry that reversed this one (at most one: a unique index). */
export const reversedBy = sql<
  number | null
>`(SELECT reversal.id FROM ${moderationActions} AS reversal
  WHERE reversal.reverses = ${moderationActions.id})`;

const boardOwner = alias(users, 'board_owner');
const moderator = alias(users, 'moderator');

/** The audit log's entries, newest first: who did what to which board, when and why. */
export async function auditEntries(db: Db, where?: ReturnType<typeof eq>, limit = 100) {
  const rows = await db
    .select({
      action: moderationActions,
      board: boardOwner.username,
      moderator: moderator.username,
      reversedBy,
    })
    .from(moderationActions)
    .innerJoin(boardOwner, eq(boardOwner.id, moderationActions.boardId))
    .leftJoin(moderator, eq(moderator.id, moderationActions.moderatorId))
    .where(where)
    .orderBy(desc(moderationActions.id))
    .limit(limit);
  return rows.map(toAuditEntry);
}

/**
 * An audit entry as answered; a fresh action is not reversed yet. Every opposite of an action
 * names what it reverses (an unsuspension its board's suspension), so an action no reversal
 * names is the newest on its thing: none supersedes it unreversed.
 */
export function toAuditEntry(row: {
  action: ActionRow;
  board: string;
  moderator: string | null;
  reversedBy?: number | null;
}) {
  const { id, action, blockId, note, createdAt, reverses } = row.action;
  return {
    id,
    action,
    board: row.board,
    blockId,
    note,
    moderator: row.moderator,
    createdAt: createdAt.toISOString(),
    reverses,
    reversedBy: row.reversedBy ?? null,
    reversible: isReversible(action) && (row.reversedBy ?? null) === null,
  };
}

const mailedWords: Record<Exclude<ModerationActionKind, 'dismiss'>, string> = {
  'hide-block': 'A moderator hid one of the blocks on your Up2 board.',
  'keep-off-discover':
    'A moderator kept your Up2 board off Discover. It stays reachable by its link.',
  suspend: 'A moderator suspended your Up2 board: no one else can see it.',
  unsuspend: 'A moderator restored your Up2 board: everyone can see it again.',
  'unhide-block': 'A moderator showed one of your blocks again: everyone can see it.',
  'return-to-discover': 'A moderator put your Up2 board back on Discover.',
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
