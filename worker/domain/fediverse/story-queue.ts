import { and, eq, sql } from 'drizzle-orm';
import { blockStoryEvents, fediverseFollowers, fediverseOutboxes } from '../../../schema/tables';
import type { Db } from '../../platform/db';

// Kept apart from delivery.ts, which loads Fedify: every board write reads this, and only a
// board with fediverse followers and news goes further.

/** Our own messages on the fediverse queue, beside Fedify's (which carry a `type`). */
export type StoryMessage =
  | { up2: 'new-stories'; userId: number; origin: string }
  | { up2: 'deliver-story'; userId: number; eventId: number; origin: string; after: string }
  | { up2: 'profile-changed'; userId: number; changedAt: number; origin: string; after: string }
  | { up2: 'moved'; userId: number; movedAt: number; origin: string; after: string };

export const isStoryMessage = (body: unknown): body is StoryMessage =>
  typeof body === 'object' && body !== null && 'up2' in body;

/**
 * After a write to a board: when it has fediverse followers and story events not yet sent, asks
 * the queue to send them. One indexed read per write; boards nobody follows from elsewhere stop here.
 */
export async function queueNewStories(env: Env, db: Db, userId: number, origin: string) {
  const waiting = await db
    .select({ userId: fediverseOutboxes.userId })
    .from(fediverseOutboxes)
    .where(
      and(
        eq(fediverseOutboxes.userId, userId),
        sql`EXISTS (SELECT 1 FROM ${blockStoryEvents} WHERE ${blockStoryEvents.userId} = ${userId} AND ${blockStoryEvents.id} > ${fediverseOutboxes.announcedUpTo})`,
        sql`EXISTS (SELECT 1 FROM ${fediverseFollowers} WHERE ${fediverseFollowers.userId} = ${userId} AND ${fediverseFollowers.waiting} = 0)`,
      ),
    )
    .get();
  if (!waiting) return;
  const message: StoryMessage = { up2: 'new-stories', userId, origin };
  await env.FEDIVERSE_QUEUE.send(message, { contentType: 'json' });
}

/** Whether anyone on another server follows the board: only then is there anything to tell them. */
export async function hasFediverseFollowers(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .select({ userId: fediverseFollowers.userId })
    .from(fediverseFollowers)
    .where(and(eq(fediverseFollowers.userId, userId), eq(fediverseFollowers.waiting, false)))
    .limit(1)
    .get();
  return row !== undefined;
}

/**
 * After the owner changed how the board introduces itself (name, bio, tagline, picture, or made it
 * public): when it has fediverse followers, asks the queue to tell them (an `Update` of the actor).
 */
export async function queueProfileChange(env: Env, db: Db, userId: number, origin: string) {
  if (!(await hasFediverseFollowers(db, userId))) return;
  const message: StoryMessage = {
    up2: 'profile-changed',
    userId,
    changedAt: Date.now(),
    origin,
    after: '',
  };
  await env.FEDIVERSE_QUEUE.send(message, { contentType: 'json' });
}
