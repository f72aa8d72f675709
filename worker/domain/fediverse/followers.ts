import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  blockStoryEvents,
  fediverseFollowers,
  fediverseOutboxes,
  users,
} from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { deleteStoredImages } from '../images/images';

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

/** Deletes the follows `where` picks, with our copies of their pictures; answers the rows. */
async function deleteFollows(db: Db, env: Env, where: SQL | undefined) {
  const removed = await db.delete(fediverseFollowers).where(where).returning();
  await deleteStoredImages(
    env,
    removed.map((row) => row.avatarUrl),
  );
  return removed;
}

/**
 * Takes one follower (and our copy of their picture) off the owner's board and gives back the row
 * removed (whose Follow a Reject answers); another board's follower is not found, exactly like an
 * unknown one.
 */
export async function removeFediverseFollower(
  db: Db,
  env: Env,
  userId: number,
  followerId: number,
) {
  const [removed] = await deleteFollows(
    db,
    env,
    and(eq(fediverseFollowers.id, followerId), eq(fediverseFollowers.userId, userId)),
  );
  if (!removed) throw new Refusal('not-found', 'Fediverse follower not found.');
  return removed;
}

type NewFollower = Omit<
  typeof fediverseFollowers.$inferInsert,
  'id' | 'followedAt' | 'deliveryInbox'
>;

/**
 * Stores an accepted follow (again: its details are refreshed, and the picture it replaces goes),
 * and starts the board's outbox at its latest story event when this is its first follower, so
 * nobody is sent the past.
 */
export async function addFediverseFollower(db: Db, env: Env, follower: NewFollower) {
  const deliveryInbox = follower.sharedInbox ?? follower.inbox;
  const before = await db
    .select({ avatarUrl: fediverseFollowers.avatarUrl })
    .from(fediverseFollowers)
    .where(
      and(
        eq(fediverseFollowers.userId, follower.userId),
        eq(fediverseFollowers.actorId, follower.actorId),
      ),
    )
    .get();
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
  if (before && before.avatarUrl !== follower.avatarUrl) {
    await deleteStoredImages(env, [before.avatarUrl]);
  }
}

/** An `Undo` of a follow: the actor no longer follows the board `username`. */
export async function removeFollowOf(db: Db, env: Env, username: string, actorId: string) {
  await deleteFollows(
    db,
    env,
    and(
      eq(fediverseFollowers.actorId, actorId),
      eq(
        fediverseFollowers.userId,
        sql`(SELECT ${users.id} FROM ${users} WHERE ${users.username} = ${username.toLowerCase()})`,
      ),
    ),
  );
}

/** A remote actor deleted itself: its follows of every board go, with our copies of its picture. */
export async function dropRemoteActor(db: Db, env: Env, actorId: string) {
  await deleteFollows(db, env, eq(fediverseFollowers.actorId, actorId));
}
