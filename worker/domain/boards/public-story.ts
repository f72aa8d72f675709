import { and, count, eq, ne, sql } from 'drizzle-orm';
import { ratingLabel, ratingStars } from '../../../schema/block-values';
import { blockStoryEvents, blocks, users } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { findUserByUsername, isRetiredUsername, type UserRow } from '../account/users';

/**
 * The events of a board's story the world reads (its feeds, the fediverse): each time one of its
 * visible blocks entered a status, with what a reader is told of the block. The `added` event is
 * left out: it only repeats the first status.
 */
export function selectPublicStory(db: Db) {
  return db
    .select({
      id: blockStoryEvents.id,
      blockId: blockStoryEvents.blockId,
      kind: blockStoryEvents.kind,
      at: blockStoryEvents.at,
      title: blocks.title,
      subtitle: blocks.subtitle,
      description: blocks.description,
      imageUrl: blocks.imageUrl,
      externalUrl: blocks.externalUrl,
      rating: blocks.rating,
      review: blocks.review,
      type: blocks.type,
      category: blocks.category,
      status: blocks.status,
      progress: blocks.progress,
      progressEnabled: blocks.progressEnabled,
      importKey: blocks.importKey,
    })
    .from(blockStoryEvents)
    .innerJoin(blocks, eq(blocks.id, blockStoryEvents.blockId));
}

/** The condition of `selectPublicStory` for one board. */
export const publicStoryOf = (userId: number) =>
  and(
    eq(blockStoryEvents.userId, userId),
    ne(blockStoryEvents.kind, 'added'),
    eq(blocks.isVisible, true),
  );

/** How many stories every public board tells the world: the Notes this server has posted. */
export async function countPublicStories(db: Db): Promise<number> {
  const row = await db
    .select({ total: count() })
    .from(blockStoryEvents)
    .innerJoin(blocks, eq(blocks.id, blockStoryEvents.blockId))
    .innerJoin(users, eq(users.id, blockStoryEvents.userId))
    .where(
      and(ne(blockStoryEvents.kind, 'added'), eq(blocks.isVisible, true), eq(users.isPublic, true)),
    )
    .get();
  return row?.total ?? 0;
}

export type PublicStoryEvent = Awaited<
  ReturnType<ReturnType<typeof selectPublicStory>['get']>
> & {};

/** An event's words: the block's subtitle, the owner's stars and review, then the description. */
export function publicStoryWords(event: PublicStoryEvent): string {
  const stars =
    event.rating === null ? null : `${ratingStars(event.rating)} (${ratingLabel(event.rating)})`;
  const review = event.review && `“${event.review}”`;
  return [event.subtitle, stars, review, event.description].filter(Boolean).join(' · ');
}

export type FoundStory =
  | { found: 'shown'; owner: UserRow; event: PublicStoryEvent }
  | { found: 'none' }
  | { found: 'gone' };

/** Whether a story event was ever made: its id is below the table's counter, never reused. */
async function wasEverMade(db: Db, eventId: number): Promise<boolean> {
  const counter = await db.get<{ seq: number } | undefined>(
    sql`SELECT seq FROM sqlite_sequence WHERE name = 'block_story_events'`,
  );
  return counter !== undefined && eventId <= counter.seq;
}

/**
 * One story of a public board, as its own address (`/@alice/stories/12`) answers it: shown; none
 * while its block is hidden or the board private (it may be shown again); or gone for good once
 * its block or the whole account was deleted.
 */
export async function findStory(db: Db, username: string, eventId: number): Promise<FoundStory> {
  const owner = await findUserByUsername(db, username);
  if (!owner)
    return (await isRetiredUsername(db, username)) ? { found: 'gone' } : { found: 'none' };
  if (!owner.isPublic) return { found: 'none' };
  const [event, held] = await Promise.all([
    selectPublicStory(db)
      .where(and(publicStoryOf(owner.id), eq(blockStoryEvents.id, eventId)))
      .get(),
    db
      .select({ id: blockStoryEvents.id })
      .from(blockStoryEvents)
      .where(eq(blockStoryEvents.id, eventId))
      .get(),
  ]);
  if (event) return { found: 'shown', owner, event };
  if (held || !(await wasEverMade(db, eventId))) return { found: 'none' };
  return { found: 'gone' };
}
