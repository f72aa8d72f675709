import { and, count, desc, eq, like, or, type SQL, sql } from 'drizzle-orm';
import {
  blockStoryEvents,
  fediverseAccountMoves,
  fediverseFollowers,
  fediverseOutboxes,
  users,
} from '../../../schema/tables';
import { type Db, rawRun } from '../../platform/db';
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
      waiting: fediverseFollowers.waiting,
      followedAt: fediverseFollowers.followedAt,
    })
    .from(fediverseFollowers)
    .where(eq(fediverseFollowers.userId, userId))
    .orderBy(desc(fediverseFollowers.followedAt), desc(fediverseFollowers.id));
  return { followers: rows.map((row) => ({ ...row, followedAt: row.followedAt.getTime() })) };
}

/** How many people on other servers follow a board (a follow waiting for approval does not yet). */
export async function countFediverseFollowers(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ followers: count() })
    .from(fediverseFollowers)
    .where(and(eq(fediverseFollowers.userId, userId), eq(fediverseFollowers.waiting, false)));
  return row?.followers ?? 0;
}

/** Deletes the follows `where` picks, with our copies of their pictures; answers the rows. */
export async function deleteFollows(db: Db, env: Env, where: SQL | undefined) {
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
  'id' | 'followedAt' | 'deliveryInbox' | 'actorHost' | 'waiting'
>;

/**
 * What one server may do to one board before its follows wait for the owner's approval: follow
 * it this many times an hour, and hold this many of its followers. Past `waitingPerHost` follows
 * waiting, more from that server are not kept at all (docs/decisions/0041).
 */
export const followLimits = { perHostPerHour: 20, perHost: 1000, waitingPerHost: 200 };

const hostOf = (actorId: string) => new URL(actorId).host.toLowerCase();

const followsFromHost = (userId: number, host: string, where: SQL) =>
  sql<number>`(SELECT count(*) FROM ${fediverseFollowers} WHERE ${fediverseFollowers.userId} = ${userId} AND ${fediverseFollowers.actorHost} = ${host} AND ${where})`;

/** Whether a server still has room to ask to follow the board: its waiting follows are few enough. */
export async function roomForFollowsFrom(db: Db, userId: number, actorId: string) {
  const [row] = await db
    .select({ waiting: count() })
    .from(fediverseFollowers)
    .where(
      and(
        eq(fediverseFollowers.userId, userId),
        eq(fediverseFollowers.actorHost, hostOf(actorId)),
        eq(fediverseFollowers.waiting, true),
      ),
    );
  return (row?.waiting ?? 0) < followLimits.waitingPerHost;
}

/**
 * Stores a follow (again: its details are refreshed, the picture it replaces goes, and whether it
 * waits is kept). A new follow waits for the owner's approval when its server passed
 * `followLimits` (the hourly one lifted for a day after a former account moved here, whose
 * followers' servers then follow all at once) or the instance limits it (`limitedServer`, a domain
 * block): judged inside the INSERT, so follows arriving together are judged in turn.
 * The board's outbox starts at its latest story event with its first follower let in, so nobody is
 * sent the past. Answers whether the follow waits.
 */
export async function addFediverseFollower(
  db: Db,
  env: Env,
  follower: NewFollower,
  { limitedServer = false } = {},
) {
  const deliveryInbox = follower.sharedInbox ?? follower.inbox;
  const actorHost = hostOf(follower.actorId);
  const hourAgo = Date.now() - 60 * 60 * 1000;
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  const movedInLately = sql`EXISTS (SELECT 1 FROM ${fediverseAccountMoves} WHERE ${fediverseAccountMoves.userId} = ${follower.userId} AND ${fediverseAccountMoves.movedInAt} > ${dayAgo})`;
  const waiting = sql`(${limitedServer ? 1 : 0} OR (NOT ${movedInLately} AND ${followsFromHost(follower.userId, actorHost, sql`${fediverseFollowers.followedAt} > ${hourAgo}`)} >= ${followLimits.perHostPerHour}) OR ${followsFromHost(follower.userId, actorHost, sql`${fediverseFollowers.waiting} = 0`)} >= ${followLimits.perHost})`;
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
  const [[stored]] = await db.batch([
    db
      .insert(fediverseFollowers)
      .values({ ...follower, deliveryInbox, actorHost, waiting })
      .onConflictDoUpdate({
        target: [fediverseFollowers.userId, fediverseFollowers.actorId],
        set: { ...follower, deliveryInbox },
      })
      .returning({ waiting: fediverseFollowers.waiting }),
    startOutbox(db, follower.userId, eq(fediverseFollowers.actorId, follower.actorId)),
  ]);
  if (before && before.avatarUrl !== follower.avatarUrl) {
    await deleteStoredImages(env, [before.avatarUrl]);
  }
  return { waiting: stored?.waiting ?? false };
}

/** Starts the board's outbox at its latest story event, once the follower `which` picks is let in. */
function startOutbox(db: Db, userId: number, which: SQL) {
  return rawRun(
    db,
    sql`INSERT INTO ${fediverseOutboxes} (user_id, announced_up_to)
      SELECT ${userId}, coalesce(max(${blockStoryEvents.id}), 0) FROM ${blockStoryEvents}
      WHERE ${blockStoryEvents.userId} = ${userId}
        AND EXISTS (SELECT 1 FROM ${fediverseFollowers} WHERE ${fediverseFollowers.userId} = ${userId} AND ${which} AND ${fediverseFollowers.waiting} = 0)
      ON CONFLICT DO NOTHING`,
  );
}

/**
 * The owner lets in a follow that waited: it is counted and delivered to from now on. Answers the
 * row (whose Follow an Accept answers); a follower of another board, or one let in already, is not
 * found.
 */
export async function approveFediverseFollower(db: Db, userId: number, followerId: number) {
  const [[approved]] = await db.batch([
    db
      .update(fediverseFollowers)
      .set({ waiting: false })
      .where(
        and(
          eq(fediverseFollowers.id, followerId),
          eq(fediverseFollowers.userId, userId),
          eq(fediverseFollowers.waiting, true),
        ),
      )
      .returning(),
    startOutbox(db, userId, eq(fediverseFollowers.id, followerId)),
  ]);
  if (!approved) throw new Refusal('not-found', 'No follow waits for your approval here.');
  return approved;
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
/** Every follow of our boards from a server (`host`, a hostname) and its subdomains: suspended. */
export async function deleteFollowsFromServer(db: Db, env: Env, host: string) {
  // actor_host keeps the port: the hostname is matched with one and without.
  const ofServer = or(
    eq(fediverseFollowers.actorHost, host),
    like(fediverseFollowers.actorHost, `${host}:%`),
    like(fediverseFollowers.actorHost, `%.${host}`),
    like(fediverseFollowers.actorHost, `%.${host}:%`),
  );
  await deleteFollows(db, env, ofServer);
}

export async function dropRemoteActor(db: Db, env: Env, actorId: string) {
  await deleteFollows(db, env, eq(fediverseFollowers.actorId, actorId));
}
