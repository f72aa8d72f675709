import type { PageSite } from '../../../schema/sources';

/**
 * A page address people paste, recognised: what the page is, and the feed its site publishes for
 * it. `feed` is null where only the page knows its feed (a YouTube handle's channel id is in the
 * page, which announces the feed).
 */
export type RecognisedPage = { site: PageSite; feed: URL | null };

const youtubeHosts = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const youtubeChannel = /^\/channel\/(UC[\w-]{22})(?:\/[\w-]*)?\/?$/;
const youtubeHandle = /^\/@[\w.-]+(?:\/(?:videos|featured|streams|shorts))?\/?$/;

// GitHub's own pages that sit where a profile would.
const githubPages = new Set([
  'about',
  'explore',
  'features',
  'issues',
  'login',
  'marketplace',
  'new',
  'notifications',
  'orgs',
  'pricing',
  'pulls',
  'settings',
  'signup',
  'sponsors',
  'topics',
]);
const githubProfile = /^\/([A-Za-z\d](?:[A-Za-z\d-]{0,38}))\/?$/;

const mediumProfile = /^\/(@[\w.-]+|[\w-]+)\/?$/;
const mediumPages = new Set(['about', 'feed', 'm', 'membership', 'plans', 'search', 'tag']);

// BookWyrm's shelf page; its feed is the same address under /rss.
const bookwyrmShelf = /^(\/user\/[^/]+\/(?:books|shelf)\/[^/]+?)\/?$/;
// Mastodon's profile page (and its kin's); its public posts are the same address with .rss.
const fediverseProfile = /^(\/@\w+)\/?$/;

function youtubePage(url: URL): RecognisedPage | null {
  const channel = youtubeChannel.exec(url.pathname)?.[1];
  if (channel) {
    const feed = new URL('https://www.youtube.com/feeds/videos.xml');
    feed.searchParams.set('channel_id', channel);
    return { site: 'youtube-channel', feed };
  }
  return youtubeHandle.test(url.pathname) ? { site: 'youtube-channel', feed: null } : null;
}

function githubPage(url: URL): RecognisedPage | null {
  const name = githubProfile.exec(url.pathname)?.[1];
  if (!name || githubPages.has(name.toLowerCase())) return null;
  return { site: 'github-profile', feed: new URL(`https://github.com/${name}.atom`) };
}

function mediumPage(url: URL): RecognisedPage | null {
  if (url.hostname.endsWith('.medium.com')) {
    return { site: 'medium', feed: new URL('/feed', url.origin) };
  }
  const name = mediumProfile.exec(url.pathname)?.[1];
  if (!name || mediumPages.has(name)) return null;
  return { site: 'medium', feed: new URL(`https://medium.com/feed/${name}`) };
}

/**
 * What a pasted page address is, by its pattern alone (nothing is fetched): a YouTube channel, a
 * GitHub profile, a Substack or Medium publication, a BookWyrm shelf or a Mastodon profile. Null
 * for any other address, which is read as today (a feed, or a page announcing one).
 */
export function recognisePage(url: URL): RecognisedPage | null {
  const host = url.hostname.toLowerCase();
  if (youtubeHosts.has(host)) return youtubePage(url);
  if (host === 'github.com' || host === 'www.github.com') return githubPage(url);
  if (host === 'medium.com' || host.endsWith('.medium.com')) return mediumPage(url);
  if (host.endsWith('.substack.com') && !url.pathname.startsWith('/feed')) {
    return { site: 'substack', feed: new URL('/feed', url.origin) };
  }
  const shelf = bookwyrmShelf.exec(url.pathname)?.[1];
  if (shelf) return { site: 'bookwyrm-shelf', feed: new URL(`${shelf}/rss`, url.origin) };
  const profile = fediverseProfile.exec(url.pathname)?.[1];
  if (profile) return { site: 'fediverse-profile', feed: new URL(`${profile}.rss`, url.origin) };
  return null;
}
