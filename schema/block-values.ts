// The values a block's fields take, without zod: boards that only show blocks import these and
// never load the validator (schema/blocks.ts builds its schemas from them).

export const blockStatuses = ['now', 'planned', 'done'] as const;
export type BlockStatus = (typeof blockStatuses)[number];

/** The shapes an image takes: a board's ratio, a generated image's, a block's own. */
export const imageRatios = ['square', 'wide', 'tall'] as const;
export type ImageRatio = (typeof imageRatios)[number];

/** A block's ratio: a shape of its own, or its board's ("auto"). */
export const imageAspectRatios = [...imageRatios, 'auto'] as const;

/** Each shape's proportions: cards and the focal-point preview take them from here. */
const imageRatioProportions: Record<ImageRatio, { width: number; height: number }> = {
  square: { width: 1, height: 1 },
  wide: { width: 16, height: 9 },
  tall: { width: 3, height: 4 },
};

/** For CSS `aspect-ratio`. */
export function aspectRatioOf(ratio: ImageRatio): string {
  const { width, height } = imageRatioProportions[ratio];
  return `${width} / ${height}`;
}

/**
 * What a block's story tells: it was added, then each status it entered (Now: started, Done:
 * finished, Planned: planned), and `reached`: finishing it reached one of the owner's goals.
 */
export const blockStoryKinds = ['added', 'started', 'finished', 'planned', 'reached'] as const;
export type BlockStoryKind = (typeof blockStoryKinds)[number];

export const storyKindOfStatus: Record<BlockStatus, BlockStoryKind> = {
  now: 'started',
  planned: 'planned',
  done: 'finished',
};

const headlineVerbs: Record<BlockStoryKind, string> = {
  added: 'added',
  started: 'started',
  finished: 'finished',
  planned: 'is planning',
  reached: 'reached a goal by finishing',
};

/** A story event read like news, as feeds and the Following screen write it: "Maya started Portuguese A2". */
export function storyHeadline(name: string, kind: BlockStoryKind, title: string): string {
  return `${name} ${headlineVerbs[kind]} ${title}`;
}

/** What a goal counts: finished blocks of any kind, of one category, or of one type. */
export const goalScopes = ['any', 'category', 'type'] as const;

/**
 * What a person is told of: someone followed their board, someone copied one of its blocks, a
 * goal reached, a moderator's action on their board, an account elsewhere in the fediverse liked,
 * boosted or replied to one of its stories.
 */
export const notificationKinds = [
  'followed',
  'copied',
  'reached',
  'moderated',
  'liked',
  'boosted',
  'replied',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** A rating is ½ to 5 stars in half steps. */
export const maxRating = 5;
export const ratingStep = 0.5;
/** A review is a few lines on a card, not an essay. */
export const maxReviewLength = 500;

/** Stars as characters ("★★★½"): what a feed reader or a text shows for a rating. */
export function ratingStars(rating: number): string {
  const whole = Math.floor(rating);
  return `${'★'.repeat(whole)}${rating - whole >= ratingStep ? '½' : ''}`;
}

/** A rating in words, for screen readers and titles: "Rated 4.5 out of 5". */
export function ratingLabel(rating: number): string {
  return `Rated ${rating} out of ${maxRating}`;
}

/**
 * What a source is, recognised by its content: Letterboxd, Goodreads, BookWyrm, a GitHub member's
 * activity, or any feed.
 */
export const sourceKinds = ['letterboxd', 'goodreads', 'bookwyrm', 'github', 'feed'] as const;
export type SourceKind = (typeof sourceKinds)[number];

/** The fields of a source's block the owner may edit by hand: bits of `source_items.hand_edited`. */
export const handEditedFields = {
  title: 1,
  status: 2,
  progress: 4,
  image: 8,
  visibility: 16,
  rating: 32,
  review: 64,
  description: 128,
} as const;

const timesWatched = /^Watched (\d+) times$/;

/** The note a film watched more than once carries as its description. */
export const timesWatchedNote = (times: number) => `Watched ${times} times`;

/** How often a film's description says it was watched: once unless its note says more. */
export function timesWatchedIn(description: string | null): number {
  return Number(timesWatched.exec(description ?? '')?.[1] ?? 1);
}

/**
 * What a board change touched: its blocks, how it introduces itself (name, bio, picture), its
 * board-wide settings, its goals, who may see it, or the account itself (made or deleted).
 */
export const boardChangeAspects = [
  'blocks',
  'profile',
  'settings',
  'goals',
  'privacy',
  'account',
] as const;
export type BoardChangeAspect = (typeof boardChangeAspects)[number];
