import { type Create, Hashtag, Image, PUBLIC_COLLECTION } from '@fedify/fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { and, desc, eq, lt } from 'drizzle-orm';
import { type BlockStoryKind, ratingStars } from '../../../schema/block-values';
import { blockStoryEvents } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import type { UserRow } from '../account/users';
import { getBoardSettings } from '../boards/boards';
import { type PublicStoryEvent, publicStoryOf, selectPublicStory } from '../boards/public-story';
import { escapeHtml, link, paragraph } from './html';
import { hashtagOf, StoryCreate, StoryNote, trackerFields } from './tracker-vocabulary';

/** How many story events one page of the outbox holds. */
export const outboxPageSize = 20;

// The Note is the actor's own post, so it leaves out the name the feeds begin with.
const noteVerbs: Record<BlockStoryKind, string> = {
  added: 'Added',
  started: 'Started',
  finished: 'Finished',
  planned: 'Planning',
  reached: 'Reached a goal by finishing',
};

/** One page of a board's federated story, newest first, before the event `before` (or the latest). */
export function readStoryPage(db: Db, userId: number, before: number | null) {
  return selectPublicStory(db)
    .where(
      before === null
        ? publicStoryOf(userId)
        : and(publicStoryOf(userId), lt(blockStoryEvents.id, before)),
    )
    .orderBy(desc(blockStoryEvents.id))
    .limit(outboxPageSize);
}

/** One event of a board's federated story; none if its block is hidden or gone. */
export function readStoryEvent(db: Db, userId: number, eventId: number) {
  return selectPublicStory(db)
    .where(and(publicStoryOf(userId), eq(blockStoryEvents.id, eventId)))
    .get();
}

export type StoryAuthor = {
  owner: Pick<UserRow, 'username' | 'displayName'>;
  actor: URL;
  followers: URL;
  board: URL;
  showImages: boolean;
};

export async function storyAuthor(
  db: Db,
  owner: UserRow,
  uris: { actor: URL; followers: URL; board: URL },
): Promise<StoryAuthor> {
  const settings = await getBoardSettings(db, owner.id);
  return { owner, ...uris, showImages: !settings.hideAllImages };
}

/** A story's own address, `/@alice/stories/12`: its Note's id, and its page as HTML. */
const storyAddress = (board: URL, eventId: number) =>
  new URL(`${board.pathname}/stories/${eventId}`, board);

/** How much of a review a Note quotes before it links to the story's page for the rest. */
export const noteReviewLength = 280;

/** The owner's review, quoted: a long one cut at a word and ended with a "read more" link. */
function reviewHtml(review: string, address: URL): string {
  if (review.length <= noteReviewLength) return paragraph(`“${review}”`);
  const cut = review.slice(0, noteReviewLength).replace(/\s+\S*$/, '');
  return `<p>${escapeHtml(`“${cut}…”`)} ${link(address.href, 'read more')}</p>`;
}

/** The block type's hashtag as Mastodon writes one, linked to Discover's page of its category. */
function hashtag(event: PublicStoryEvent, board: URL) {
  const name = hashtagOf(event.type);
  const href = new URL(`/discover?category=${encodeURIComponent(event.category)}`, board);
  return {
    name,
    href,
    html: `<a href="${escapeHtml(href.href)}" class="mention hashtag" rel="tag">#<span>${escapeHtml(name)}</span></a>`,
  };
}

/**
 * A story event as the fediverse reads it: a public `Note` saying what happened ("Finished
 * Piranesi") with the block's subtitle, the owner's stars and review, its link, its type's hashtag
 * and a link to the board, the block's image as an attachment, at the story's own address; and,
 * for a book, film or game, what trackers read of it (./tracker-vocabulary.ts).
 */
export function storyNote(author: StoryAuthor, event: PublicStoryEvent): StoryNote {
  const address = storyAddress(author.board, event.id);
  const tag = hashtag(event, author.board);
  const content = [
    paragraph(`${noteVerbs[event.kind]} ${event.title}`),
    event.subtitle ? paragraph(event.subtitle) : '',
    event.rating === null ? '' : paragraph(ratingStars(event.rating)),
    event.review ? reviewHtml(event.review, address) : '',
    event.description ? paragraph(event.description) : '',
    event.externalUrl ? `<p>${link(event.externalUrl, event.externalUrl)}</p>` : '',
    `<p>${tag.html}</p>`,
    `<p>${link(author.board.href, `${author.owner.displayName} on Up2`)}</p>`,
  ].join('');
  const image =
    author.showImages && event.imageUrl
      ? new Image({ url: new URL(event.imageUrl, author.board), name: imageAlt(event) })
      : null;
  const published = Temporal.Instant.fromEpochMilliseconds(event.at);
  const note = new StoryNote({
    id: address,
    attribution: author.actor,
    to: PUBLIC_COLLECTION,
    cc: author.followers,
    published,
    name: null,
    summary: null,
    content,
    url: address,
    attachments: image ? [image] : [],
    tags: [new Hashtag({ name: `#${tag.name}`, href: tag.href })],
  });
  note.trackerFields = trackerFields(event, {
    id: address,
    actor: author.actor,
    published: published.toString(),
  });
  return note;
}

/** What the block's picture shows, for those who cannot see it. */
const imageAlt = (event: PublicStoryEvent) =>
  event.subtitle ? `${event.title}, ${event.subtitle}` : event.title;

/** A story event as the board's outbox and deliveries carry it: the `Create` of its Note. */
export function storyActivity(author: StoryAuthor, event: PublicStoryEvent): Create {
  return new StoryCreate({
    id: new URL('#create', storyAddress(author.board, event.id)),
    actor: author.actor,
    to: PUBLIC_COLLECTION,
    cc: author.followers,
    published: Temporal.Instant.fromEpochMilliseconds(event.at),
    object: storyNote(author, event),
  });
}
