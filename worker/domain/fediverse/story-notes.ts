import { Create, Image, Note, PUBLIC_COLLECTION } from '@fedify/fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { BlockStoryKind } from '../../../schema/block-values';
import { blockStoryEvents } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import type { UserRow } from '../account/users';
import { getBoardSettings } from '../boards/boards';
import {
  type PublicStoryEvent,
  publicStoryOf,
  publicStoryWords,
  selectPublicStory,
} from '../boards/public-story';
import { link, paragraph } from './html';

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

/**
 * A story event as the fediverse reads it: a public `Note` saying what happened ("Finished The
 * Design of Everyday Things"), with the owner's words, the block's link, its image as an
 * attachment and a link to the board, at the story's own address.
 */
export function storyNote(author: StoryAuthor, event: PublicStoryEvent): Note {
  const headline = `${noteVerbs[event.kind]} ${event.title}`;
  const words = publicStoryWords(event);
  const content = [
    paragraph(headline),
    words ? paragraph(words) : '',
    event.externalUrl ? `<p>${link(event.externalUrl, event.externalUrl)}</p>` : '',
    `<p>${link(author.board.href, `${author.owner.displayName} on Up2`)}</p>`,
  ].join('');
  const address = storyAddress(author.board, event.id);
  const image =
    author.showImages && event.imageUrl
      ? new Image({ url: new URL(event.imageUrl, author.board), name: event.title })
      : null;
  return new Note({
    id: address,
    attribution: author.actor,
    to: PUBLIC_COLLECTION,
    cc: author.followers,
    published: Temporal.Instant.fromEpochMilliseconds(event.at),
    name: null,
    summary: null,
    content,
    url: address,
    attachments: image ? [image] : [],
  });
}

/** A story event as the board's outbox and deliveries carry it: the `Create` of its Note. */
export function storyActivity(author: StoryAuthor, event: PublicStoryEvent): Create {
  return new Create({
    id: new URL('#create', storyAddress(author.board, event.id)),
    actor: author.actor,
    to: PUBLIC_COLLECTION,
    cc: author.followers,
    published: Temporal.Instant.fromEpochMilliseconds(event.at),
    object: storyNote(author, event),
  });
}
