import type { BlockStatus, SourceKind } from '../../../../schema/block-values';
import type { PageSite } from '../../../../schema/sources';

export const statusLabels: Record<BlockStatus, string> = {
  now: 'Now',
  planned: 'Planned',
  done: 'Done',
};

export const kindLabels: Record<SourceKind, string> = {
  letterboxd: 'Letterboxd diary',
  goodreads: 'Goodreads shelf',
  bookwyrm: 'BookWyrm shelf',
  github: 'GitHub activity',
  feed: 'Feed',
};

/** What the dialog calls a page it recognised in the address pasted. */
export const siteLabels: Record<PageSite, string> = {
  'youtube-channel': 'YouTube channel',
  'github-profile': 'GitHub profile',
  'fediverse-profile': 'Mastodon profile',
  substack: 'Substack publication',
  medium: 'Medium publication',
  'bookwyrm-shelf': 'BookWyrm shelf',
};
