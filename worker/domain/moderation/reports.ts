import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { AppealInput, ReportInput, ReportSnapshot } from '../../../schema/moderation';
import { blocks, moderationActions, reports, type users } from '../../../schema/tables';
import { type Db, failedWith } from '../../platform/db';
import { Refusal, refusalIn } from '../../platform/refusal';
import { sha256Hex } from '../account/one-time-tokens';
import { publicBoardOwner } from '../boards/boards';

/**
 * Past this many open reports a board is in the queue beyond doubt: more are thanked and not
 * kept, so a flood of reports costs the queue nothing.
 */
export const openReportsPerBoardAtMost = 50;
/** A report's comment, as the form allows it. */
const maxFlagComment = 1000;

/** Who reported, as limits see them: a digest of the address, never the address itself. */
export async function reporterKeyOf(addressKey: string) {
  return `address:${(await sha256Hex(`report:${addressKey}`)).slice(0, 32)}`;
}

async function snapshotOf(db: Db, board: typeof users.$inferSelect, blockId: number | undefined) {
  const snapshot: ReportSnapshot = {
    board: {
      username: board.username,
      displayName: board.displayName,
      tagline: board.tagline,
      bio: board.bio,
      avatar: board.avatar,
    },
    block: null,
  };
  if (blockId === undefined) return snapshot;
  const block = await db
    .select()
    .from(blocks)
    .where(and(eq(blocks.id, blockId), eq(blocks.userId, board.id), eq(blocks.isVisible, true)))
    .get();
  if (!block) throw new Refusal('not-found', 'This block is not on that board.');
  const { id, title, subtitle, description, review, externalUrl, imageUrl } = block;
  snapshot.block = { id, title, subtitle, description, review, externalUrl, imageUrl };
  return snapshot;
}

/**
 * Files a report of a public board (and maybe one of its visible blocks) with what it shows now.
 * A reporter's second report of a board still open, and reports past the board's allowance, are
 * thanked and not kept: a flood from one address counts once.
 */
export async function fileReport(
  db: Db,
  env: Env,
  input: ReportInput,
  reporter: { key: string; server?: string },
) {
  const board = await publicBoardOwner(db, input.username);
  const snapshot = await snapshotOf(db, board, input.blockId);
  const open = await db
    .select({ open: count() })
    .from(reports)
    .where(and(eq(reports.boardId, board.id), isNull(reports.actionId)))
    .get();
  if ((open?.open ?? 0) >= openReportsPerBoardAtMost) return;
  const [kept] = await db
    .insert(reports)
    .values({
      boardId: board.id,
      blockId: input.blockId ?? null,
      reason: input.reason,
      comment: input.comment ?? null,
      snapshot: JSON.stringify(snapshot),
      reporterKey: reporter.key,
      fromServer: reporter.server ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: reports.id, boardId: reports.boardId });
  // Before the answer, not after it: work left to run after an answer can be cut short, and the
  // owner could replace the image in between. It costs one read and one write within our store.
  if (!kept) return;
  const { keepReportedImage } = await import('./report-images');
  await keepReportedImage(db, env, kept, snapshot);
}

/**
 * Another server's `Flag` (its signature verified like every inbox activity): a report of the
 * board from that server, one open at a time. A board that is not public is not reported.
 */
export async function fileFlag(
  db: Db,
  env: Env,
  server: string,
  username: string,
  content?: string,
) {
  const comment = content?.trim().slice(0, maxFlagComment) || null;
  try {
    await fileReport(
      db,
      env,
      { username, reason: 'other', comment },
      { key: `server:${server}`, server },
    );
  } catch (error) {
    if (refusalIn(error)?.kind !== 'not-found') throw error;
  }
}

/**
 * The owner appeals a moderator's action on their board: a report of their own board, its
 * comment the appeal, naming the action, so it lands in the queue with the board's other reports.
 * Once per action; a dismissal (the owner was not told of it) or another board's action is not
 * found.
 */
export async function fileAppeal(db: Db, owner: typeof users.$inferSelect, input: AppealInput) {
  const action = await db
    .select({ id: moderationActions.id })
    .from(moderationActions)
    .where(
      and(
        eq(moderationActions.id, input.actionId),
        eq(moderationActions.boardId, owner.id),
        ne(moderationActions.action, 'dismiss'),
      ),
    )
    .get();
  if (!action) {
    throw new Refusal(
      'not-found',
      'This moderation action does not exist or is not about your board.',
    );
  }
  const snapshot: ReportSnapshot = {
    board: {
      username: owner.username,
      displayName: owner.displayName,
      tagline: owner.tagline,
      bio: owner.bio,
      avatar: owner.avatar,
    },
    block: null,
  };
  await db
    .insert(reports)
    .values({
      boardId: owner.id,
      reason: 'other',
      comment: input.text,
      snapshot: JSON.stringify(snapshot),
      reporterKey: `appeal:${action.id}`,
      appealOf: action.id,
    })
    .catch((error: unknown) => {
      if (failedWith(error, 'UNIQUE')) {
        throw new Refusal(
          'conflict',
          'You already appealed this action: an action is appealed once.',
        );
      }
      throw error;
    });
}
