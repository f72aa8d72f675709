import { fediverseHandle } from '../../schema/indieweb';
import type { UserRow } from '../domain/account/users';
import { findUserByUsername } from '../domain/account/users';
import type { Db } from '../platform/db';
import { ogImageSize } from './og-card';

/**
 * The owner of a board anyone may see, or undefined: an unknown user and a private board look
 * the same from outside. One D1 read.
 */
export async function findPublicBoardOwner(db: Db, username: string) {
  const owner = await findUserByUsername(db, username);
  return owner?.isPublic ? owner : undefined;
}

/** The username in a board path: `/@alice`, `/%40Alice`, `/alice`, `/embed/@alice`. */
export function usernameFromBoardPath(pathname: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  return path.match(/^\/(?:embed\/)?@?([a-z0-9]{3,20})\/?$/i)?.[1]?.toLowerCase();
}

/**
 * Where a board's canonical address lives: APP_URL, the configured public address (the one the
 * reset emails use), so every host and spelling that serves the board (`/%40Alice`, a
 * workers.dev name) names the same page.
 */
export function boardUrl(env: Pick<Env, 'APP_URL'>, username: string): string {
  return new URL(`/@${username}`, env.APP_URL).href;
}

/**
 * The card's address on the host that served the page, so an unfurler can always fetch it. With
 * the card's fingerprint in it, a board whose card changed names a new address, which unfurlers
 * that keep images by address fetch anew; the route itself always answers the current card.
 */
function ogImageUrl(origin: string, username: string, fingerprint?: string): string {
  const url = new URL(`/api/og/${username}.png`, origin);
  if (fingerprint) url.searchParams.set('v', fingerprint);
  return url.href;
}

/** Strong: the fingerprint names exactly what the card draws and in which design. */
export function ogImageEtag(fingerprint: string): string {
  return `"og-${fingerprint}"`;
}

function oembedUrl(origin: string, boardHref: string): string {
  const url = new URL('/api/oembed', origin);
  url.searchParams.set('url', boardHref);
  url.searchParams.set('format', 'json');
  return url.href;
}

function boardTitle(owner: Pick<UserRow, 'displayName' | 'username'>): string {
  return `${owner.displayName} (@${owner.username}) - Up2`;
}

export function boardDescription(owner: Pick<UserRow, 'displayName' | 'bio' | 'tagline'>) {
  return (
    owner.bio?.trim() || owner.tagline?.trim() || `See what ${owner.displayName} is up to on Up2.`
  );
}

const notFoundTitle = 'Board Not Found - Up2';
const notFoundDescription = "This user doesn't exist or their board is private.";

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

type Tag = { element: 'meta' | 'link'; attributes: Record<string, string | number> };

const meta = (key: 'name' | 'property', name: string, content: string | number): Tag => ({
  element: 'meta',
  attributes: { [key]: name, content },
});

function renderTags(tags: Tag[]): string {
  return tags
    .map(({ element, attributes }) => {
      const pairs = Object.entries(attributes).map(
        ([name, value]) => `${name}="${escapeHtml(String(value))}"`,
      );
      return `<${element} ${pairs.join(' ')}>`;
    })
    .join('');
}

export type HeadMeta = { title: string; description: string; tags: Tag[] };

/** The head's description and tags as markup, every value escaped (the title goes apart). */
export function renderHeadTags(head: HeadMeta): string {
  return renderTags([meta('name', 'description', head.description), ...head.tags]);
}

/** What `/@username` says about a public board to search engines, chat apps and social networks. */
export function publicBoardHead(
  env: Pick<Env, 'APP_URL'>,
  origin: string,
  owner: UserRow,
  ogImageFingerprint: string,
): HeadMeta {
  const title = boardTitle(owner);
  const description = boardDescription(owner);
  const canonical = boardUrl(env, owner.username);
  const image = ogImageUrl(origin, owner.username, ogImageFingerprint);
  const imageAlt = `${owner.displayName} (@${owner.username}) on Up2`;
  return {
    title,
    description,
    tags: [
      { element: 'link', attributes: { rel: 'canonical', href: canonical } },
      meta('property', 'og:type', 'profile'),
      meta('property', 'og:site_name', 'Up2'),
      meta('property', 'og:title', owner.displayName),
      meta('property', 'og:description', description),
      meta('property', 'og:url', canonical),
      meta('property', 'og:image', image),
      meta('property', 'og:image:type', 'image/png'),
      meta('property', 'og:image:width', ogImageSize.width),
      meta('property', 'og:image:height', ogImageSize.height),
      meta('property', 'og:image:alt', imageAlt),
      meta('property', 'profile:username', owner.username),
      // Mastodon credits links to the board to its fediverse account.
      meta('name', 'fediverse:creator', fediverseHandle(owner.username, new URL(env.APP_URL).host)),
      meta('name', 'twitter:card', 'summary_large_image'),
      meta('name', 'twitter:title', title),
      meta('name', 'twitter:description', description),
      meta('name', 'twitter:image', image),
      meta('name', 'twitter:image:alt', imageAlt),
      {
        element: 'link',
        attributes: {
          rel: 'alternate',
          type: 'application/json+oembed',
          href: oembedUrl(origin, canonical),
          title,
        },
      },
      feedLink('application/atom+xml', `${origin}/@${owner.username}/feed.xml`, title),
      feedLink('application/feed+json', `${origin}/@${owner.username}/feed.json`, title),
      // The board as a fediverse actor: pasting its address into Mastodon's search finds it.
      feedLink('application/activity+json', `${origin}/@${owner.username}`, title),
    ],
  };
}

/** What `/@username/year/2026` says to search engines and link previews: its own image. */
export function yearHead(
  env: Pick<Env, 'APP_URL'>,
  origin: string,
  figures: {
    user: { username: string; displayName: string };
    year: number;
    finished: { total: number };
  },
): HeadMeta {
  const { user, year } = figures;
  const title = `${user.displayName}'s ${year} on Up2`;
  const description = `${figures.finished.total} finished in ${year}: the year of ${user.displayName} (@${user.username}) on Up2.`;
  const canonical = new URL(`/@${user.username}/year/${year}`, env.APP_URL).href;
  const image = `${origin}/api/og/${user.username}/years/${year}.png`;
  return {
    title,
    description,
    tags: [
      { element: 'link', attributes: { rel: 'canonical', href: canonical } },
      meta('property', 'og:type', 'website'),
      meta('property', 'og:site_name', 'Up2'),
      meta('property', 'og:title', title),
      meta('property', 'og:description', description),
      meta('property', 'og:url', canonical),
      meta('property', 'og:image', image),
      meta('property', 'og:image:type', 'image/png'),
      meta('property', 'og:image:width', ogImageSize.width),
      meta('property', 'og:image:height', ogImageSize.height),
      meta('property', 'og:image:alt', title),
      meta('name', 'twitter:card', 'summary_large_image'),
      meta('name', 'twitter:title', title),
      meta('name', 'twitter:description', description),
      meta('name', 'twitter:image', image),
    ],
  };
}

/** A year in review that is not there (private or unknown board, a year to come). */
export const notFoundYearHead: HeadMeta = {
  title: 'Year Not Found',
  description: "This board doesn't exist, is private, or this year hasn't happened yet.",
  tags: [meta('name', 'robots', 'noindex')],
};

/** Announces a board's feed, so a feed reader given the board's address finds it. */
function feedLink(type: string, href: string, title: string): Tag {
  return { element: 'link', attributes: { rel: 'alternate', type, href, title } };
}

/** Kept out of search results. */
export const noindex = meta('name', 'robots', 'noindex');

/** Unknown and private boards: nothing about the user, and kept out of search results. */
export const notFoundBoardHead: HeadMeta = {
  title: notFoundTitle,
  description: notFoundDescription,
  tags: [noindex],
};

/** The embed's size when the consumer sets no limit; it is a scrolling board, so any height works. */
const embedSize = { width: 600, height: 600 };

/**
 * The username of a board link of this site, or undefined for another site's link or a path that
 * is not a board. "This site" is the host that answers and the configured public one (APP_URL).
 */
export function boardUsernameFromUrl(
  env: Pick<Env, 'APP_URL'>,
  origin: string,
  href: string,
): string | undefined {
  const url = new URL(href);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const ownHosts = [new URL(origin).host, new URL(env.APP_URL).host];
  if (!ownHosts.includes(url.host)) return undefined;
  return usernameFromBoardPath(url.pathname);
}

/** A oEmbed 1.0 "rich" answer: the board's embed page in an iframe, within maxwidth/maxheight. */
export function boardOembed(
  env: Pick<Env, 'APP_URL'>,
  origin: string,
  owner: UserRow,
  limits: { maxwidth?: number; maxheight?: number },
) {
  const width = Math.min(embedSize.width, limits.maxwidth ?? embedSize.width);
  const height = Math.min(embedSize.height, limits.maxheight ?? embedSize.height);
  const src = new URL(`/embed/@${owner.username}`, origin).href;
  // Without a width limit the board fills its column, as the embed code on the dashboard does.
  const frameWidth = limits.maxwidth === undefined ? '100%' : String(width);
  const frameTitle = `${owner.displayName} (@${owner.username}) on Up2`;
  const thumbnailFits =
    ogImageSize.width <= (limits.maxwidth ?? Number.POSITIVE_INFINITY) &&
    ogImageSize.height <= (limits.maxheight ?? Number.POSITIVE_INFINITY);
  return {
    version: '1.0' as const,
    type: 'rich' as const,
    provider_name: 'Up2',
    provider_url: new URL('/', env.APP_URL).href,
    title: boardTitle(owner),
    author_name: owner.displayName,
    author_url: boardUrl(env, owner.username),
    cache_age: 300,
    html: `<iframe src="${escapeHtml(src)}" title="${escapeHtml(frameTitle)}" width="${frameWidth}" height="${height}" frameborder="0" loading="lazy" style="border:0;max-width:100%"></iframe>`,
    width,
    height,
    ...(thumbnailFits
      ? {
          thumbnail_url: ogImageUrl(origin, owner.username),
          thumbnail_width: ogImageSize.width,
          thumbnail_height: ogImageSize.height,
        }
      : {}),
  };
}
