import { desc } from 'drizzle-orm';
import { generateAtomFeed, generateJsonFeed } from 'feedsmith';
import { storyHeadline } from '../../schema/block-values';
import { blockStoryEvents } from '../../schema/tables';
import { findUserByUsername } from '../domain/account/users';
import { getBoardSettings } from '../domain/boards/boards';
import { publicStoryOf, publicStoryWords, selectPublicStory } from '../domain/boards/public-story';
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
    selectPublicStory(db)
      .where(publicStoryOf(owner.id))
      .orderBy(desc(blockStoryEvents.at), desc(blockStoryEvents.id))
      .limit(feedEntryLimit),
  ]);
  return { owner, showImages: !settings.hideAllImages, news };
}

type BoardNews = NonNullable<Awaited<ReturnType<typeof findBoardNews>>>;

/**
 * A board's news as an Atom 1.0 or JSON Feed 1.1 document, every address absolute. Titles, names
 * and descriptions are the owner's plain text, so they go out as text (Atom `type="text"`, JSON
 * Feed `content_text`), never as markup a reader would run; an image is a link, not HTML.
 */
export function renderBoardFeed(
  env: Pick<Env, 'APP_URL'>,
  origin: string,
  format: FeedFormat,
  board: BoardNews,
): string {
  const { owner, news, showImages } = board;
  const home = boardUrl(env, owner.username);
  const absolute = (url: string) => new URL(url, origin).href;
  const title = `${owner.displayName} (@${owner.username}) on Up2`;
  const author = { name: owner.displayName, uri: home };
  const entries = news.map((entry) => ({
    id: `${home}#story-${entry.id}`,
    url: entry.externalUrl ?? home,
    title: storyHeadline(owner.displayName, entry.kind, entry.title),
    summary: publicStoryWords(entry) || undefined,
    image: showImages && entry.imageUrl ? absolute(entry.imageUrl) : undefined,
    date: new Date(entry.at),
  }));
  if (format === 'json') {
    const document = generateJsonFeed({
      title,
      home_page_url: home,
      feed_url: absolute(`/@${owner.username}/feed.json`),
      description: boardDescription(owner),
      language: 'en',
      ...(owner.avatar && { icon: absolute(owner.avatar) }),
      authors: [{ name: owner.displayName, url: home }],
      items: entries.map((entry) => ({
        id: entry.id,
        url: entry.url,
        title: entry.title,
        content_text: entry.summary ?? entry.title,
        ...(entry.image && { image: entry.image }),
        date_modified: entry.date,
      })),
    });
    return JSON.stringify(document);
  }
  const text = (value: string) => ({ value, type: 'text' });
  return generateAtomFeed({
    id: home,
    title: text(title),
    subtitle: text(boardDescription(owner)),
    updated: new Date(news[0]?.at ?? owner.boardUpdatedAt?.getTime() ?? owner.createdAt.getTime()),
    generator: { text: 'Up2' },
    links: [
      { href: home, rel: 'alternate' },
      { href: absolute(`/@${owner.username}/feed.xml`), rel: 'self' },
    ],
    authors: [author],
    ...(owner.avatar && { logo: absolute(owner.avatar) }),
    entries: entries.map((entry) => ({
      id: entry.id,
      title: text(entry.title),
      ...(entry.summary && { summary: text(entry.summary) }),
      links: [
        { href: entry.url },
        ...(entry.image
          ? [{ href: entry.image, rel: 'enclosure', ...imageType(entry.image) }]
          : []),
      ],
      updated: entry.date,
      authors: [author],
    })),
  });
}

const imageTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** The media type an image's address names, when it names one, for a reader showing the enclosure. */
function imageType(url: string): { type?: string } {
  const type = imageTypes[new URL(url).pathname.split('.').pop()?.toLowerCase() ?? ''];
  return type ? { type } : {};
}
