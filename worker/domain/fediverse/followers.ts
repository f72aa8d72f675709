import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  blockStoryEvents,
  fediverseFollowers,
  fediverseOutboxes,
  users,
} from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { Refusal } from '../../platform/refusal';

/** The board's fediverse followers as its owner sees them, latest first. */
export async function listFediverseFollowers(db: Db, userId: number) {
  const rows = await db
    .select({
      id: fediverseFollowers.id,
      handle: fediverseFollowers.handle,
      name: fediverseFollowers.name,
      avatarUrl: fediverseFollowers.avatarUrl,
      followedAt: fediverseFollowers.followedAt,
    })
    .from(fediverseFollowers)
    .where(eq(fediverseFollowers.userId, userId))
    .orderBy(desc(fediverseFollowers.followedAt), desc(fediverseFollowers.id));
  return { followers: rows.map((row) => ({ ...row, followedAt: row.followedAt.getTime() })) };
}

/** How many people on other servers follow a board. */
export async function countFediverseFollowers(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ followers: count() })
    .from(fediverseFollowers)
    .where(eq(fediverseFollowers.userId, userId));
  return row?.followers ?? 0;
}

/**
 * Takes one follower off the owner's board and gives back the row removed (whose Follow a Reject
 * answers); another board's follower is not found, exactly like an unknown one.
 */
export async function removeFediverseFollower(db: Db, userId: number, followerId: number) {
  const [removed] = await db
    .delete(fediverseFollowers)
    .where(and(eq(fediverseFollowers.id, followerId), eq(fediverseFollowers.userId, userId)))
    .returning();
  if (!removed) throw new Refusal('not-found', 'Fediverse follower not found.');
  return removed;
}

type NewFollower = Omit<
  typeof fediverseFollowers.$inferInsert,
  'id' | 'followedAt' | 'deliveryInbox'
>;

/**
 * Stores an accepted follow (again: its details are refreshed), and starts the board's outbox at
 * its latest story event when this is its first follower, so nobody is sent the past.
 */
export async function addFediverseFollower(db: Db, follower: NewFollower) {
  const deliveryInbox = follower.sharedInbox ?? follower.inbox;
  await db.batch([
    db
      .insert(fediverseFollowers)
      .values({ ...follower, deliveryInbox })
      .onConflictDoUpdate({
        target: [fediverseFollowers.userId, fediverseFollowers.actorId],
        set: { ...follower, deliveryInbox },
      }),
    db
      .insert(fediverseOutboxes)
      .select(
        db
          .select({
            userId: sql<number>`${follower.userId}`.as('user_id'),
            announcedUpTo: sql<number>`coalesce(max(${blockStoryEvents.id}), 0)`.as(
              'announced_up_to',
            ),
          })
          .from(blockStoryEvents)
          .where(eq(blockStoryEvents.userId, follower.userId)),
      )
      .onConflictDoNothing(),
  ]);
}

/** An `Undo` of a follow: the actor no longer follows the board `username`. */
export async function removeFollowOf(db: Db, username: string, actorId: string) {
  await db
    .delete(fediverseFollowers)
    .where(
      and(
        eq(fediverseFollowers.actorId, actorId),
        eq(
          fediverseFollowers.userId,
          sql`(SELECT ${users.id} FROM ${users} WHERE ${users.username} = ${username.toLowerCase()})`,
        ),
      ),
    );
}

/** A remote actor deleted itself: its follows of every board go. */
export async function dropRemoteActor(db: Db, actorId: string) {
  await db.delete(fediverseFollowers).where(eq(fediverseFollowers.actorId, actorId));
}
