import { and, desc, eq, ne } from 'drizzle-orm';
import { Feed } from 'feed';
import { ratingLabel, ratingStars, storyHeadline } from '../../schema/block-values';
import { blockStoryEvents, blocks } from '../../schema/tables';
import { findUserByUsername } from '../domain/account/users';
import { getBoardSettings } from '../domain/boards/boards';
import type { Db } from '../platform/db';
import { boardDescription, boardUrl } from './board-meta';

/** How many of a board's latest events its feeds carry: enough for a reader to catch up. */
const feedEntryLimit = 50;

export type FeedFormat = 'atom' | 'json';

/**
 * A public board's latest news, newest first: each time one of its visible blocks entered a status
 * (the added event only repeats the first of those). Null for an unknown or private board.
 */
export async function findBoardNews(db: Db, username: string) {
  const owner = await findUserByUsername(db, username);
  if (!owner?.isPublic) return null;
  const [settings, news] = await Promise.all([
    getBoardSettings(db, owner.id),
    db
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
      .innerJoin(blocks, eq(blocks.id, blockStoryEvents.blockId))
      .where(
        and(
          eq(blockStoryEvents.userId, owner.id),
          ne(blockStoryEvents.kind, 'added'),
          eq(blocks.isVisible, true),
        ),
      )
      .orderBy(desc(blockStoryEvents.at), desc(blockStoryEvents.id))
      .limit(feedEntryLimit),
  ]);
  return { owner, showImages: !settings.hideAllImages, news };
}

type BoardNews = NonNullable<Awaited<ReturnType<typeof findBoardNews>>>;
type NewsEntry = BoardNews['news'][number];

/** An entry's words: subtitle, the owner's stars and review, then the description. */
function entryText(entry: NewsEntry): string {
  const stars =
    entry.rating === null ? null : `${ratingStars(entry.rating)} (${ratingLabel(entry.rating)})`;
  const review = entry.review && `“${entry.review}”`;
  return [entry.subtitle, stars, review, entry.description].filter(Boolean).join(' · ');
}

/** A board's news as an Atom 1.0 or JSON Feed 1 document, every address absolute. */
export function renderBoardFeed(
  env: Pick<Env, 'APP_URL'>,
  origin: string,
  format: FeedFormat,
  board: BoardNews,
): string {
  const { owner, news, showImages } = board;
  const home = boardUrl(env, owner.username);
  const absolute = (url: string) => new URL(url, origin).href;
  const feed = new Feed({
    id: home,
    link: home,
    title: `${owner.displayName} (@${owner.username}) on Up2`,
    description: boardDescription(owner),
    updated: new Date(news[0]?.at ?? owner.boardUpdatedAt?.getTime() ?? owner.createdAt.getTime()),
    generator: 'Up2',
    language: 'en',
    feedLinks: {
      atom: absolute(`/@${owner.username}/feed.xml`),
      json: absolute(`/@${owner.username}/feed.json`),
    },
    author: { name: owner.displayName, link: home },
    ...(owner.avatar && { image: absolute(owner.avatar) }),
  });
  for (const entry of news) {
    feed.addItem({
      id: `${home}#story-${entry.id}`,
      title: storyHeadline(owner.displayName, entry.kind, entry.title),
      link: entry.externalUrl ?? home,
      date: new Date(entry.at),
      description: entryText(entry) || undefined,
      ...(showImages && entry.imageUrl && { image: absolute(entry.imageUrl) }),
      author: [{ name: owner.displayName, link: home }],
    });
  }
  return format === 'atom' ? feed.atom1() : feed.json1();
}
