import type { BlockTypeKey } from './catalogue';

/**
 * The block types whose link is a page of the owner themselves (their site, their profiles
 * elsewhere): the board page marks those links `rel="me"`, so a profile that links back to the
 * board (Mastodon's verified links, IndieAuth) proves both are the same person. Shops, payments,
 * bookings, maps and group invites are the owner's links but not the owner, and are left out.
 */
const ownProfileTypes: ReadonlySet<string> = new Set<BlockTypeKey>([
  'website-portfolio',
  'portfolio-work',
  'blog-newsletter',
  'linktree-aggregator',
  'twitter-x',
  'instagram',
  'linkedin',
  'github',
  'youtube',
  'facebook',
  'tiktok',
]);

/**
 * Whether a block's link points at one of its owner's own profiles: a profile type the owner made
 * by hand. A block a source or an import made (it holds the item's key) links what the feed or
 * the export named, such as a news story, which the owner never claimed as their own page.
 */
export function linksOwnProfile(block: {
  type: string;
  externalUrl: string | null;
  importKey: string | null;
}): boolean {
  return block.externalUrl !== null && block.importKey === null && ownProfileTypes.has(block.type);
}

/**
 * A board's fediverse handle, `@username@host`: how Mastodon and the rest of the fediverse find
 * and name it. `host` is the site's public host (APP_URL's on the server).
 */
export function fediverseHandle(username: string, host: string): string {
  return `@${username}@${host}`;
}
