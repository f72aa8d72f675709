import { and, count, desc, eq } from 'drizzle-orm';
import { fediverseFollowers } from '../../../schema/tables';
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
