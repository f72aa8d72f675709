import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { NotificationKind } from '../../../schema/block-values';
import { ownStoryHeadline } from '../../../schema/fediverse-interaction-values';
import { suspendedAccountKeptMs } from '../../../schema/moderation-values';
import { maxCountedUnread, notificationPageSize } from '../../../schema/notifications';
import {
  blockStoryEvents,
  blocks,
  fediverseInteractions,
  moderationActions,
  notificationSettings,
  notifications,
  reports,
  users,
} from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { sendMail } from '../../platform/mail';

async function settingsOf(db: Db, userId: number) {
  const row = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .get();
  return { readUpTo: row?.readUpTo?.getTime() ?? 0, byEmail: row?.byEmail ?? false };
}

const unreadOf = (recipientId: number, readUpTo: number) =>
  and(eq(notifications.recipientId, recipientId), gt(notifications.createdAt, new Date(readUpTo)));

/** A person's latest notifications, newest first, each saying whether it is new to them. */
export async function listNotifications(db: Db, recipientId: number) {
  const { readUpTo } = await settingsOf(db, recipientId);
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      createdAt: notifications.createdAt,
      actor: {
        username: users.username,
        displayName: users.displayName,
        avatar: users.avatar,
      },
      blockId: blocks.id,
      blockTitle: blocks.title,
      moderationAction: moderationActions.action,
      moderationNote: moderationActions.note,
      fediverseHandle: fediverseInteractions.handle,
      fediverseName: fediverseInteractions.name,
      fediverseAvatarUrl: fediverseInteractions.avatarUrl,
      storyKind: blockStoryEvents.kind,
      moderationActionId: moderationActions.id,
      // A moderated notice's actor is its recipient, the board acted on.
      suspendedAt: users.suspendedAt,
      appealed: sql<number>`EXISTS (SELECT 1 FROM ${reports} WHERE ${reports.appealOf} = ${moderationActions.id})`,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.actorId))
    .leftJoin(blocks, eq(blocks.id, notifications.blockId))
    .leftJoin(moderationActions, eq(moderationActions.id, notifications.moderationActionId))
    .leftJoin(
      fediverseInteractions,
      eq(fediverseInteractions.id, notifications.fediverseInteractionId),
    )
    .leftJoin(blockStoryEvents, eq(blockStoryEvents.id, fediverseInteractions.storyId))
    .where(eq(notifications.recipientId, recipientId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(notificationPageSize);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    at: row.createdAt.getTime(),
    unread: row.createdAt.getTime() > readUpTo,
    actor: row.actor,
    block:
      row.blockId !== null && row.blockTitle !== null
        ? { id: row.blockId, title: row.blockTitle }
        : null,
    moderation:
      row.moderationAction !== null &&
      row.moderationNote !== null &&
      row.moderationActionId !== null
        ? {
            action: row.moderationAction,
            note: row.moderationNote,
            actionId: row.moderationActionId,
            appealed: Boolean(row.appealed),
            deletesAt:
              row.moderationAction === 'suspend' && row.suspendedAt
                ? row.suspendedAt.getTime() + suspendedAccountKeptMs
                : null,
          }
        : null,
    fediverse:
      row.fediverseHandle !== null && row.storyKind !== null && row.blockTitle !== null
        ? {
            handle: row.fediverseHandle,
            name: row.fediverseName,
            avatarUrl: row.fediverseAvatarUrl,
            story: ownStoryHeadline(row.storyKind, row.blockTitle),
          }
        : null,
  }));
}

/**
 * How many notifications are unread, up to `maxCountedUnread`: counted from the rows newer than
 * the person last read (an index range, cut off), never from a counter each event would rewrite.
 */
export async function countUnread(db: Db, recipientId: number): Promise<number> {
  const { readUpTo } = await settingsOf(db, recipientId);
  const counted = await db
    .select({ unread: sql<number>`count(*)` })
    .from(
      db
        .select({ id: notifications.id })
        .from(notifications)
        .where(unreadOf(recipientId, readUpTo))
        .limit(maxCountedUnread)
        .as('unread'),
    )
    .get();
  return counted?.unread ?? 0;
}

/** Reads every notification up to `upTo` (never later than now, never back in time). */
export async function markRead(db: Db, recipientId: number, upTo: number) {
  const readUpTo = new Date(Math.min(upTo, Date.now()));
  await db
    .insert(notificationSettings)
    .values({ userId: recipientId, readUpTo })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: {
        readUpTo: sql`max(coalesce(${notificationSettings.readUpTo}, 0), excluded.read_up_to)`,
      },
    });
}

export async function getNotificationSettings(db: Db, userId: number) {
  return { byEmail: (await settingsOf(db, userId)).byEmail };
}

export async function updateNotificationSettings(db: Db, userId: number, byEmail: boolean) {
  await db
    .insert(notificationSettings)
    .values({ userId, byEmail })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { byEmail } });
  return { byEmail };
}

type Event = { recipientId: number; kind: NotificationKind; actorId: number };

const mailLines: Record<NotificationKind, (actor: string, block: string | null) => string> = {
  followed: (actor) => `${actor} followed your board on Up2.`,
  copied: (actor, block) => `${actor} copied “${block ?? 'a block'}” from your board on Up2.`,
  reached: (_actor, block) => `Finishing “${block ?? 'a block'}” reached one of your goals on Up2.`,
  moderated: () => 'A moderator acted on your board on Up2. Your notifications say what and why.',
  liked: (actor, block) => `${actor} liked your story about “${block ?? 'a block'}” on Up2.`,
  boosted: (actor, block) => `${actor} boosted your story about “${block ?? 'a block'}” on Up2.`,
  replied: (actor, block) => `${actor} replied to your story about “${block ?? 'a block'}” on Up2.`,
};

/**
 * The owner is told of each goal their finishes reached (the board changes consumer finds them):
 * in the list, and by email when they asked for it.
 */
export async function notifyGoalsReached(db: Db, env: Env, userId: number, blockIds: number[]) {
  if (blockIds.length === 0) return;
  await db.insert(notifications).values(
    blockIds.map((blockId) => ({
      recipientId: userId,
      kind: 'reached' as const,
      actorId: userId,
      blockId,
    })),
  );
  await emailNotification(db, env, { recipientId: userId, kind: 'reached', actorId: userId });
}

/**
 * Emails the recipient of `event`, if they turned email on and it is the first notification they
 * have not read: one mail per stretch of unread news, however many follows a viral board gets
 * (the next mail waits until they open the list). The first unread row is one row, so exactly one
 * event of a burst finds itself there.
 */
export async function emailNotification(db: Db, env: Env, event: Event): Promise<void> {
  const { readUpTo, byEmail } = await settingsOf(db, event.recipientId);
  if (!byEmail) return;
  const first = await db
    .select({
      kind: notifications.kind,
      actorId: notifications.actorId,
      actorName: users.displayName,
      actorUsername: users.username,
      blockTitle: blocks.title,
      fediverseHandle: fediverseInteractions.handle,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.actorId))
    .leftJoin(blocks, eq(blocks.id, notifications.blockId))
    .leftJoin(
      fediverseInteractions,
      eq(fediverseInteractions.id, notifications.fediverseInteractionId),
    )
    .where(unreadOf(event.recipientId, readUpTo))
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(1)
    .get();
  if (!first || first.kind !== event.kind || first.actorId !== event.actorId) return;
  const recipient = await db
    .select({ email: users.email, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, event.recipientId))
    .get();
  if (!recipient) return;
  const actor = first.fediverseHandle ?? `${first.actorName} (@${first.actorUsername})`;
  await sendMail(env, {
    to: recipient.email,
    subject: 'News from your board on Up2',
    text: [
      `Hi ${recipient.displayName},`,
      '',
      mailLines[first.kind](actor, first.blockTitle),
      '',
      `See all your notifications: ${new URL('/notifications', env.APP_URL).href}`,
      // An account elsewhere has no board here.
      ...(first.fediverseHandle
        ? []
        : [`Their board: ${new URL(`/@${first.actorUsername}`, env.APP_URL).href}`]),
      '',
      'We send one email until you open your notifications. To stop these emails, turn them off on your notifications page.',
    ].join('\n'),
  });
}
