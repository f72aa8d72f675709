import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { defaultAccent } from '../../../schema/accents';
import type { BlockStatus } from '../../../schema/block-values';
import { boardBlocksPath, type TabCursor } from '../../../schema/board-pages';
import { type boardSettingsInput, publicBoardAnswer } from '../../../schema/boards';
import { blocks, boardSettings, users } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { Refusal, refusalIn } from '../../platform/refusal';
import type { UserRow } from '../account/users';
import { findUserByUsername } from '../account/users';
import { type BoardWriter, commitChange } from '../board-changes/record';
import { boardMovedTo } from '../fediverse/account-move-records';
import { reportedLinks } from '../moderation/domain-blocks';
import { yearOnBoard } from '../year/board-year';
import { type TabPageAsked, tabPage, tabPages } from './tab-pages';

/** How an unknown board answers, and a private one to all but its owner. */
export const boardNotFound = () =>
  new Refusal('not-found', "Board Not Found - This user doesn't exist or their board is private.");

/** The owner of the public board `username`; a private board is refused exactly like an unknown one. */
export async function publicBoardOwner(db: Db, username: string) {
  const owner = await findUserByUsername(db, username);
  if (!owner?.isPublic) throw boardNotFound();
  return owner;
}

/** A board whose owner never changed its settings has no row yet: it gets the defaults. */
export async function getBoardSettings(db: Db, userId: number) {
  const settings = await db
    .select()
    .from(boardSettings)
    .where(eq(boardSettings.userId, userId))
    .get();
  return {
    globalImageRatio: settings?.globalImageRatio ?? 'square',
    hideAllImages: settings?.hideAllImages ?? false,
    accent: settings?.accent ?? defaultAccent,
    timeZone: settings?.timeZone ?? null,
  };
}

/**
 * A board as `viewer` may see it: each tab's first page (or `asked`'s page of one tab) and every
 * tab's count. A private board answers exactly like an unknown user to everyone but its owner;
 * hidden blocks are shown only to the owner.
 */
export async function getBoard(
  db: Db,
  username: string,
  viewer: UserRow | null,
  asked: TabPageAsked | null = null,
) {
  const owner = await findUserByUsername(db, username);
  const isOwner = owner !== undefined && viewer?.id === owner.id;
  if (!owner || (!owner.isPublic && !isOwner)) throw boardNotFound();
  const [settings, { listed, tabs }, movedTo] = await Promise.all([
    getBoardSettings(db, owner.id),
    tabPages(db, owner, asked, isOwner ? 'owner' : 'public'),
    boardMovedTo(db, owner.id),
  ]);
  const blocks = await withReportedLinks(db, listed);
  const year = await yearOnBoard(db, owner.id, settings.timeZone);
  const board = {
    ...settings,
    ...year,
    updatedAt: owner.boardUpdatedAt?.getTime() ?? null,
    nofollowLinks: owner.establishedAt === null,
    movedTo,
  };
  return { owner, isOwner, board, blocks, tabs };
}

/** Each block, marked where a moderator found its link's site harmful. */
async function withReportedLinks<B extends { externalUrl: string | null }>(db: Db, listed: B[]) {
  const reported = await reportedLinks(
    db,
    listed.map((block) => block.externalUrl),
  );
  return listed.map((block) => ({
    ...block,
    linkReported: block.externalUrl !== null && reported.has(block.externalUrl),
  }));
}

/**
 * A page of one tab of the public board `username`, after `after` (the first without), with the
 * path of the next page; Board Not Found for an unknown or private board.
 */
export async function findPublicTabPage(
  db: Db,
  username: string,
  status: BlockStatus,
  after: TabCursor | null,
) {
  const owner = await publicBoardOwner(db, username);
  const page = await tabPage(db, owner.id, status, after);
  return {
    ownerId: owner.id,
    blocks: await withReportedLinks(db, page.blocks),
    next: page.next ? boardBlocksPath(owner.username, status, page.next) : null,
  };
}

/**
 * A board as the public sees it (its answer in the public contract, as pages carry it), or null
 * when there is none to see (unknown user, private board, or a name no user can have: no query is
 * made for that).
 */
export async function findPublicBoard(
  db: Db,
  username: string | undefined,
  asked: TabPageAsked | null = null,
) {
  if (!username) return null;
  try {
    const { owner, board, blocks, tabs } = await getBoard(db, username, null, asked);
    return { owner, body: publicBoardAnswer.parse({ board, blocks, tabs, user: owner }) };
  } catch (error) {
    if (refusalIn(error)?.kind === 'not-found') return null;
    throw error;
  }
}

export async function updateBoardSettings(
  writer: BoardWriter,
  input: z.infer<typeof boardSettingsInput>,
) {
  const { db, userId } = writer;
  await commitChange(writer, 'settings', [
    db
      .insert(boardSettings)
      .values({ userId, ...input })
      .onConflictDoUpdate({ target: boardSettings.userId, set: input }),
  ]);
  return getBoardSettings(db, userId);
}

/**
 * The link of a visible block on a public board, its owner's username, and whether its site was
 * blocked by a moderator; null for any other block.
 */
export async function findBlockLink(db: Db, id: number) {
  const found = await db
    .select({ link: blocks.externalUrl, username: users.username })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.userId))
    .where(and(eq(blocks.id, id), eq(blocks.isVisible, true), eq(users.isPublic, true)))
    .get();
  if (!found?.link) return null;
  const reported = await reportedLinks(db, [found.link]);
  return { link: found.link, username: found.username, reported: reported.has(found.link) };
}
