import { type BlockStatus, timesWatchedNote } from '../../../schema/block-values';
import { blockInput } from '../../../schema/blocks';
import { findBlockType } from '../../../schema/catalogue';
import type { EntryLook, FeedEntry, ReadFeed } from './feed-formats';

/** How a source fills its board: its options, as stored. */
export type SourcePlan = { shelves: BlockStatus[]; blockPerItem: boolean };

/** The block type of each kind of item; a link's follows its site. */
function typeOf(look: EntryLook, link: string | null): string {
  if (look === 'book') return 'books-reading';
  if (look === 'film') return 'film-animation';
  const host = link && URL.canParse(link) ? new URL(link).hostname.replace(/^www\./, '') : '';
  if (host === 'github.com') return 'github';
  if (host === 'youtube.com') return 'youtube';
  return 'blog-newsletter';
}

/**
 * What the source takes from the feed: a Letterboxd diary's films and a shelf's books on the
 * shelves chosen, each an entry; a generic feed one link block kept current (its title, its latest
 * item as subtitle and link), or each item when the owner chose one block per item.
 */
export function entriesTaken(feed: ReadFeed, feedUrl: string, plan: SourcePlan): FeedEntry[] {
  if (feed.kind === 'feed' && !plan.blockPerItem) {
    const latest = feed.entries[0];
    return [
      {
        key: `feed:${feedUrl}`,
        shelf: 'now',
        shelfName: 'feed',
        look: 'link',
        title: feed.title,
        subtitle: latest?.title ?? null,
        externalUrl: latest?.externalUrl ?? feed.link,
        imageUrl: null,
        statusAt: latest?.statusAt ?? null,
        rating: null,
        review: null,
      },
    ];
  }
  const shelves = new Set(plan.shelves);
  const seen = new Set<string>();
  // A feed may list an item twice (a rewatch): the first, its latest, is the one taken.
  return feed.entries.filter((entry) => {
    if (!shelves.has(entry.shelf) || seen.has(entry.key)) return false;
    seen.add(entry.key);
    return true;
  });
}

const progressOf: Record<BlockStatus, number> = { planned: 0, now: 0, done: 100 };

/**
 * The block an entry makes, checked by the rules of a block made by hand (blockInput), or null
 * when it breaks them. The picture is added once copied into our store.
 */
export function blockOfEntry(entry: FeedEntry) {
  const type = findBlockType(typeOf(entry.look, entry.externalUrl));
  const checked = blockInput.safeParse({
    category: type?.category,
    type: type?.key,
    emoji: type?.icon,
    label: type?.label,
    title: entry.title,
    subtitle: entry.subtitle ?? undefined,
    // A film first met as a rewatch was seen once before the diary told of it.
    description: entry.rewatch ? timesWatchedNote(2) : undefined,
    externalUrl: entry.externalUrl ?? undefined,
    status: entry.shelf,
    progress: progressOf[entry.shelf],
    // A film is watched or not, a link is there: only a book is under way.
    progressEnabled: entry.look === 'book',
    rating: entry.rating ?? undefined,
    review: entry.review ?? undefined,
  });
  return checked.success ? { ...checked.data, status: entry.shelf } : null;
}

/** What a source writes of an item besides its shelf: when it changes, the block follows. */
export function fingerprintOf(entry: FeedEntry): string {
  const { title, subtitle, externalUrl, review, rating, statusAt, rewatch } = entry;
  return JSON.stringify([title, subtitle, externalUrl, review, rating, statusAt, rewatch ?? false]);
}
