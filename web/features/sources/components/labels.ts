import type { BlockStatus, SourceKind } from '../../../../schema/block-values';

export const statusLabels: Record<BlockStatus, string> = {
  now: 'Now',
  planned: 'Planned',
  done: 'Done',
};

export const kindLabels: Record<SourceKind, string> = {
  letterboxd: 'Letterboxd diary',
  goodreads: 'Goodreads shelf',
  bookwyrm: 'BookWyrm shelf',
  feed: 'Feed',
};
