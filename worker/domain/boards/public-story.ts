import { and, eq, ne } from 'drizzle-orm';
import { ratingLabel, ratingStars } from '../../../schema/block-values';
import { blockStoryEvents, blocks } from '../../../schema/tables';
import type { Db } from '../../platform/db';

/**
 * The events of a board's story the world reads (its feeds, the fediverse): each time one of its
 * visible blocks entered a status, with what a reader is told of the block. The `added` event is
 * left out: it only repeats the first status.
 */
export function selectPublicStory(db: Db) {
  return db
    .select({
      id: blockStoryEvents.id,
      kind: blockStoryEvents.kind,
      at: blockStoryEvents.at,
      title: blocks.title,
      subtitle: blocks.subtitle,
      description: blocks.description,
      imageUrl: blocks.imageUrl,
      externalUrl: blocks.externalUrl,
      rating: blocks.rating,
      review: blocks.review,
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
