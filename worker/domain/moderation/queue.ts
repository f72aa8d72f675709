import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { type ReportSnapshot, reportSnapshot } from '../../../schema/moderation';
import { moderationActions, reports, users } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { auditEntries } from './actions';
import { domainAuditEntries } from './domain-blocks';

/** How many open reports the queue shows at once, newest first: a moderator's screenful. */
const queuedAtMost = 100;
/** How many earlier actions each board shows. */
const actionsPerBoard = 10;

type BoardRow = typeof users.$inferSelect;

/** The action an appeal is about. */
const appealed = alias(moderationActions, 'appealed');

function boardNow(board: BoardRow) {
  return {
    id: board.id,
    username: board.username,
    displayName: board.displayName,
    tagline: board.tagline,
    bio: board.bio,
    accountCreatedAt: board.createdAt.toISOString(),
    isPublic: board.isPublic,
    suspended: board.suspendedAt !== null,
    keptOffDiscover: board.keptOffDiscover,
  };
}

function snapshotOf(stored: string): ReportSnapshot {
  return reportSnapshot.parse(JSON.parse(stored));
}

/** Each board's history: how many of its reports were acted on, and its latest actions. */
async function historyOf(db: Db, boardId: number) {
  const [closed, actions] = await Promise.all([
    db
      .select({ closed: count() })
      .from(reports)
      .where(and(eq(reports.boardId, boardId), isNotNull(reports.actionId)))
      .get(),
    auditEntries(db, eq(moderationActions.boardId, boardId), actionsPerBoard),
  ]);
  return { earlierReports: closed?.closed ?? 0, actions };
}

/**
 * The moderation queue: open reports, newest first, grouped by board (the board with the newest
 * report first), each board as it is now with the account's age and its history.
 */
export async function reportQueue(db: Db) {
  const rows = await db
    .select({
      report: reports,
      board: users,
      appealed: { action: appealed.action, note: appealed.note },
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.boardId))
    .leftJoin(appealed, eq(appealed.id, reports.appealOf))
    .where(isNull(reports.actionId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(queuedAtMost);
  type Row = (typeof rows)[number];
  const grouped = new Map<
    number,
    { board: BoardRow; reports: (Row['report'] & Pick<Row, 'appealed'>)[] }
  >();
  for (const { report, board, appealed: appealOf } of rows) {
    const group = grouped.get(board.id) ?? { board, reports: [] };
    group.reports.push({ ...report, appealed: appealOf });
    grouped.set(board.id, group);
  }
  const boards = await Promise.all(
    [...grouped.values()].map(async ({ board, reports: open }) => ({
      board: boardNow(board),
      reports: open.map((report) => ({
        id: report.id,
        reason: report.reason,
        comment: report.comment,
        blockId: report.blockId,
        fromServer: report.fromServer,
        appealOf: report.appealed,
        snapshot: snapshotOf(report.snapshot),
        createdAt: report.createdAt.toISOString(),
      })),
      ...(await historyOf(db, board.id)),
    })),
  );
  return { boards };
}

export async function auditLogOf(db: Db) {
  const [actions, domainActions] = await Promise.all([auditEntries(db), domainAuditEntries(db)]);
  return { actions, domainActions };
}
