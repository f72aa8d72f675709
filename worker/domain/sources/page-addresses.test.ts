import { describe, expect, it } from 'vitest';
import { recognisePage } from './page-addresses';

const recognised = (address: string) => {
  const page = recognisePage(new URL(address));
  return page && { site: page.site, feed: page.feed?.href ?? null };
};

describe('page addresses people paste, recognised by their pattern', () => {
  it.each([
    [
      'https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw',
      'youtube-channel',
      'https://www.youtube.com/feeds/videos.xml?channel_id=UC_x5XG1OV2P6uZZ5FSM9Ttw',
    ],
    [
      'https://youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw/videos',
      'youtube-channel',
      'https://www.youtube.com/feeds/videos.xml?channel_id=UC_x5XG1OV2P6uZZ5FSM9Ttw',
    ],
    // A handle's channel id is in its page, which announces the feed.
    ['https://www.youtube.com/@GoogleDevelopers', 'youtube-channel', null],
    ['https://m.youtube.com/@GoogleDevelopers/videos', 'youtube-channel', null],
    ['https://github.com/octocat', 'github-profile', 'https://github.com/octocat.atom'],
    ['https://github.com/octocat/', 'github-profile', 'https://github.com/octocat.atom'],
    [
      'https://mastodon.social/@Gargron',
      'fediverse-profile',
      'https://mastodon.social/@Gargron.rss',
    ],
    ['https://fosstodon.org/@ada/', 'fediverse-profile', 'https://fosstodon.org/@ada.rss'],
    ['https://ada.substack.com/', 'substack', 'https://ada.substack.com/feed'],
    ['https://ada.substack.com/p/on-lamps', 'substack', 'https://ada.substack.com/feed'],
    ['https://medium.com/@ada', 'medium', 'https://medium.com/feed/@ada'],
    [
      'https://medium.com/better-programming',
      'medium',
      'https://medium.com/feed/better-programming',
    ],
    ['https://ada.medium.com/', 'medium', 'https://ada.medium.com/feed'],
    [
      'https://bookwyrm.social/user/ada/books/to-read',
      'bookwyrm-shelf',
      'https://bookwyrm.social/user/ada/books/to-read/rss',
    ],
    [
      'https://books.example/user/ada/shelf/reading/',
      'bookwyrm-shelf',
      'https://books.example/user/ada/shelf/reading/rss',
    ],
  ])('%s is a %s, read from %s', (address, site, feed) => {
    expect(recognised(address)).toEqual({ site, feed });
  });

  it.each([
    // Already feeds, read as they are.
    'https://www.youtube.com/feeds/videos.xml?channel_id=UC_x5XG1OV2P6uZZ5FSM9Ttw',
    'https://github.com/octocat.atom',
    'https://ada.substack.com/feed',
    'https://medium.com/feed/@ada',
    'https://mastodon.social/@Gargron.rss',
    'https://bookwyrm.social/user/ada/books/to-read/rss',
    // Not a profile, a publication or a shelf.
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://github.com/octocat/Hello-World',
    'https://github.com/pricing',
    'https://github.com/',
    'https://medium.com/tag/programming',
    'https://blog.example.org/',
    'https://blog.example.org/2026/11/lamps',
  ])('%s is read as it is', (address) => {
    expect(recognised(address)).toBeNull();
  });
});
