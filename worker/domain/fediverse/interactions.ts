import { and, desc, eq, gt, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { NotificationKind } from '../../../schema/block-values';
import {
  type FediverseBlockKind,
  type FediverseInteractionKind,
  ownStoryHeadline,
} from '../../../schema/fediverse-interaction-values';
import { interactionPageSize } from '../../../schema/fediverse-interactions';
import {
  blockStoryEvents,
  blocks,
  fediverseBlocklist,
  fediverseFollowers,
  fediverseInteractions,
  notifications,
} from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { findUserByUsername } from '../account/users';
import { publicStoryOf } from '../boards/public-story';
import { deleteStoredImages } from '../images/images';
import { domainBlockOf } from '../moderation/domain-blocks';
import { emailNotification } from '../notifications/notifications';
import { deleteFollows } from './followers';

/**
 * What one server may send one board: this many likes, boosts and replies an hour (its server is
 * answered 429 past it, and tries again later), and replies of at most this much HTML.
 */
export const interactionLimits = (env: Env) => ({
  perHostPerHour: Number(env.FEDIVERSE_INTERACTIONS_PER_SERVER_HOUR),
  replyHtmlLength: 16 * 1024,
});

const hostOf = (actorId: string) => new URL(actorId).host.toLowerCase();

/** The public board `username` and one of its visible stories, if `storyId` is one. */
export async function findAnsweredStory(db: Db, username: string, storyId: number) {
  const owner = await findUserByUsername(db, username);
  if (!owner?.isPublic || !Number.isSafeInteger(storyId)) return undefined;
  const story = await db
    .select({ id: blockStoryEvents.id, blockId: blockStoryEvents.blockId })
    .from(blockStoryEvents)
    .innerJoin(blocks, eq(blocks.id, blockStoryEvents.blockId))
    .where(and(publicStoryOf(owner.id), eq(blockStoryEvents.id, storyId)))
    .get();
  return story ? { owner, story } : undefined;
}

/** Whether the owner of board `userId` blocked the account `actorId` or its server. */
export async function isBlockedFrom(db: Db, userId: number, actorId: string): Promise<boolean> {
  const row = await db
    .select({ id: fediverseBlocklist.id })
    .from(fediverseBlocklist)
    .where(
      and(
        eq(fediverseBlocklist.userId, userId),
        or(
          and(eq(fediverseBlocklist.kind, 'account'), eq(fediverseBlocklist.target, actorId)),
          and(
            eq(fediverseBlocklist.kind, 'server'),
            eq(fediverseBlocklist.target, hostOf(actorId)),
          ),
        ),
      ),
    )
    .get();
  return row !== undefined;
}

/**
 * Whether the server of `actorId` may still answer board `userId` this hour: its likes, boosts and
 * replies of the last hour counted from the index, up to the limit and no further.
 */
async function roomForInteractionsFrom(db: Db, env: Env, userId: number, actorId: string) {
  const { perHostPerHour } = interactionLimits(env);
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  const recent = await db
    .select({ id: fediverseInteractions.id })
    .from(fediverseInteractions)
    .where(
      and(
        eq(fediverseInteractions.userId, userId),
        eq(fediverseInteractions.actorHost, hostOf(actorId)),
        gt(fediverseInteractions.receivedAt, hourAgo),
      ),
    )
    .limit(perHostPerHour);
  return recent.length < perHostPerHour;
}

/** The picture of `actorId` already copied for board `userId`, so one account is copied once. */
export async function copiedPictureOf(db: Db, userId: number, actorId: string) {
  const row = await db
    .select({ avatarUrl: fediverseInteractions.avatarUrl })
    .from(fediverseInteractions)
    .where(
      and(
        eq(fediverseInteractions.actorId, actorId),
        eq(fediverseInteractions.userId, userId),
        sql`${fediverseInteractions.avatarUrl} IS NOT NULL`,
      ),
    )
    .get();
  return row?.avatarUrl ?? null;
}

type NewInteraction = Omit<
  typeof fediverseInteractions.$inferInsert,
  'id' | 'actorHost' | 'hidden' | 'receivedAt'
> & { blockId: number };

const noticeOf: Record<FediverseInteractionKind, NotificationKind> = {
  like: 'liked',
  boost: 'boosted',
  reply: 'replied',
};

/**
 * Keeps a like, boost or reply and tells the owner of it. An activity already taken (its id), or a
 * second like or boost of one story by one account, is kept once and told once. Answers whether it
 * was new.
 */
export async function storeInteraction(db: Db, env: Env, interaction: NewInteraction) {
  const { blockId, ...row } = interaction;
  const [stored] = await db
    .insert(fediverseInteractions)
    .values({ ...row, actorHost: hostOf(row.actorId) })
    .onConflictDoNothing()
    .returning({ id: fediverseInteractions.id });
  if (!stored) return false;
  // A server the instance limits may answer, but its answers are not news to anyone.
  if ((await domainBlockOf(env, new URL(row.actorId).hostname)) === 'limit') return true;
  const notice = { recipientId: row.userId, kind: noticeOf[row.kind], actorId: row.userId };
  await db.insert(notifications).values({ ...notice, blockId, fediverseInteractionId: stored.id });
  await emailNotification(db, env, notice);
  return true;
}

/** Deletes the interactions `where` picks, with the copied pictures no interaction shows any more. */
async function deleteInteractions(db: Db, env: Env, where: SQL | undefined) {
  const removed = await db
    .delete(fediverseInteractions)
    .where(where)
    .returning({ avatarUrl: fediverseInteractions.avatarUrl });
  const pictures = [...new Set(removed.flatMap((row) => (row.avatarUrl ? [row.avatarUrl] : [])))];
  if (pictures.length === 0) return removed.length;
  const kept = await db
    .select({ avatarUrl: fediverseInteractions.avatarUrl })
    .from(fediverseInteractions)
    .where(inArray(fediverseInteractions.avatarUrl, pictures));
  const stillShown = new Set(kept.map((row) => row.avatarUrl));
  await deleteStoredImages(
    env,
    pictures.filter((url) => !stillShown.has(url)),
  );
  return removed.length;
}

/** An `Undo` of a like or boost: the activity `activityId` of `actorId` is taken back. */
export function undoInteraction(db: Db, env: Env, activityId: string, actorId: string) {
  return deleteInteractions(
    db,
    env,
    and(
      eq(fediverseInteractions.activityId, activityId),
      eq(fediverseInteractions.actorId, actorId),
    ),
  );
}

/** A `Delete` of a reply's Note by its author. */
export function deleteReply(db: Db, env: Env, noteId: string, actorId: string) {
  return deleteInteractions(
    db,
    env,
    and(eq(fediverseInteractions.noteId, noteId), eq(fediverseInteractions.actorId, actorId)),
  );
}

/** A remote account deleted itself: its likes, boosts and replies on every board go. */
export function dropInteractionsOf(db: Db, env: Env, actorId: string) {
  return deleteInteractions(db, env, eq(fediverseInteractions.actorId, actorId));
}

/**
 * The likes, boosts and replies a board's stories got, newest first, a page at a time (`before`:
 * the last id of the page before), each with the story it answers.
 */
export async function listInteractions(db: Db, userId: number, before: number | undefined) {
  const rows = await db
    .select({
      id: fediverseInteractions.id,
      kind: fediverseInteractions.kind,
      handle: fediverseInteractions.handle,
      name: fediverseInteractions.name,
      avatarUrl: fediverseInteractions.avatarUrl,
      contentHtml: fediverseInteractions.contentHtml,
      url: fediverseInteractions.url,
      hidden: fediverseInteractions.hidden,
      receivedAt: fediverseInteractions.receivedAt,
      storyId: blockStoryEvents.id,
      storyKind: blockStoryEvents.kind,
      blockTitle: blocks.title,
    })
    .from(fediverseInteractions)
    .innerJoin(blockStoryEvents, eq(blockStoryEvents.id, fediverseInteractions.storyId))
    .innerJoin(blocks, eq(blocks.id, blockStoryEvents.blockId))
    .where(
      and(
        eq(fediverseInteractions.userId, userId),
        before === undefined ? undefined : lt(fediverseInteractions.id, before),
      ),
    )
    .orderBy(desc(fediverseInteractions.id))
    .limit(interactionPageSize + 1);
  const page = rows.slice(0, interactionPageSize);
  return {
    interactions: page.map(({ storyId, storyKind, blockTitle, receivedAt, ...row }) => ({
      ...row,
      at: receivedAt.getTime(),
      story: { id: storyId, headline: ownStoryHeadline(storyKind, blockTitle) },
    })),
    nextBefore: rows.length > interactionPageSize ? (page.at(-1)?.id ?? null) : null,
  };
}

/** The owner hides a reply (or shows it again); another board's, or a like, is not found. */
export async function setReplyHidden(db: Db, userId: number, id: number, hidden: boolean) {
  const [changed] = await db
    .update(fediverseInteractions)
    .set({ hidden })
    .where(
      and(
        eq(fediverseInteractions.id, id),
        eq(fediverseInteractions.userId, userId),
        eq(fediverseInteractions.kind, 'reply'),
      ),
    )
    .returning({ id: fediverseInteractions.id });
  if (!changed) throw new Refusal('not-found', 'Reply not found.');
}

/**
 * The owner blocks the account that made interaction `id`, or its whole server: it goes on the
 * board's own blocklist, and its likes, boosts, replies and follows leave the board. Answers the
 * follows removed (whose Follows a Reject answers).
 */
export async function blockFromBoard(
  db: Db,
  env: Env,
  userId: number,
  { interactionId, kind }: { interactionId: number; kind: FediverseBlockKind },
) {
  const source = await db
    .select()
    .from(fediverseInteractions)
    .where(
      and(eq(fediverseInteractions.id, interactionId), eq(fediverseInteractions.userId, userId)),
    )
    .get();
  if (!source) throw new Refusal('not-found', 'Like, boost or reply not found.');
  const server = kind === 'server';
  const target = server ? source.actorHost : source.actorId;
  await db
    .insert(fediverseBlocklist)
    .values({ userId, kind, target, label: server ? source.actorHost : source.handle })
    .onConflictDoNothing();
  await deleteInteractions(
    db,
    env,
    and(
      eq(fediverseInteractions.userId, userId),
      server
        ? eq(fediverseInteractions.actorHost, target)
        : eq(fediverseInteractions.actorId, target),
    ),
  );
  return deleteFollows(
    db,
    env,
    and(
      eq(fediverseFollowers.userId, userId),
      server ? eq(fediverseFollowers.actorHost, target) : eq(fediverseFollowers.actorId, target),
    ),
  );
}

/** The accounts and servers the owner blocked, latest first. */
export async function listBlocked(db: Db, userId: number) {
  const rows = await db
    .select({
      id: fediverseBlocklist.id,
      kind: fediverseBlocklist.kind,
      label: fediverseBlocklist.label,
      createdAt: fediverseBlocklist.createdAt,
    })
    .from(fediverseBlocklist)
    .where(eq(fediverseBlocklist.userId, userId))
    .orderBy(desc(fediverseBlocklist.id));
  return { blocked: rows.map(({ createdAt, ...row }) => ({ ...row, at: createdAt.getTime() })) };
}

/** The owner lifts a block: that account or server may follow and answer the board again. */
export async function unblock(db: Db, userId: number, id: number) {
  const [removed] = await db
    .delete(fediverseBlocklist)
    .where(and(eq(fediverseBlocklist.id, id), eq(fediverseBlocklist.userId, userId)))
    .returning({ id: fediverseBlocklist.id });
  if (!removed) throw new Refusal('not-found', 'Block not found.');
}

/** What an inbox POST says of itself, read before Fedify takes it: who, to which board, what. */
export type InboxClaim = {
  username: string;
  actorId: string;
  /** A like, boost or reply, counted against its server's hourly allowance. */
  interaction: boolean;
  replyHtmlLength: number;
};

/**
 * Refuses, before it is queued, an activity the board will not take: from an account or server
 * its owner blocked (403), a reply too long (413), or past its server's hourly allowance (429).
 * The listeners check the blocklist again when they handle it.
 */
export async function screenInboxClaim(db: Db, env: Env, claim: InboxClaim) {
  const owner = await findUserByUsername(db, claim.username);
  if (!owner) return;
  if (await isBlockedFrom(db, owner.id, claim.actorId)) {
    throw new Refusal(
      'forbidden',
      'The owner of this board blocked this account or its server: its activities are refused.',
    );
  }
  const limits = interactionLimits(env);
  if (claim.replyHtmlLength > limits.replyHtmlLength) {
    throw new Refusal(
      'too-large',
      `A reply may hold at most ${limits.replyHtmlLength} characters of HTML.`,
    );
  }
  if (claim.interaction && !(await roomForInteractionsFrom(db, env, owner.id, claim.actorId))) {
    throw new Refusal(
      'too-many',
      'This server sent this board all the likes, boosts and replies it may in an hour. Send the rest later.',
      { retryAfterSeconds: 600 },
    );
  }
}
