import { z } from 'zod';
// Imported for its one-time zod configuration (jitless), like every schema module.
import './fields';
import { blockStatuses, sourceKinds } from './block-values';

/** At most this many sources feed one board (the database holds to it: migration 0020). */
export const maxSourcesPerBoard = 20;

/** A source is checked at most this often when its owner asks ("Check now"). */
export const sourceCheckIntervalMs = 60_000;

const maxLinkLength = 2048;

const sourceUrl = z
  .string({ error: 'Please paste the link of a feed or of a page that has one.' })
  .trim()
  .min(1, 'Please paste the link of a feed or of a page that has one.')
  .max(maxLinkLength, `The link must be ${maxLinkLength} characters or less.`);

/**
 * A shelf is the status its items take on the board: Goodreads' and BookWyrm's `to-read`
 * (planned), `currently-reading` (now) and `read` (done); a Letterboxd diary and a feed's items are
 * all done or now.
 */
const shelf = z.enum(blockStatuses, { error: 'A shelf is planned, now or done.' });

/**
 * How a source fills the board. `shelves`: the shelves taken (all when left out); `startHidden`:
 * new blocks start hidden from visitors; `blockPerItem`: for a generic feed, one block per item
 * instead of one link block showing its latest item.
 */
const sourceOptions = z.strictObject({
  shelves: z
    .array(shelf, { error: 'List the shelves to take.' })
    .min(1, 'Take at least one shelf.')
    .max(blockStatuses.length, 'Each shelf may appear only once.')
    .refine(
      (shelves) => new Set(shelves).size === shelves.length,
      'Each shelf may appear only once.',
    )
    .optional(),
  startHidden: z.boolean({ error: 'startHidden is true or false.' }).optional(),
  blockPerItem: z.boolean({ error: 'blockPerItem is true or false.' }).optional(),
});
export type SourceOptions = z.infer<typeof sourceOptions>;

/** `POST /api/sources/preview`. */
export const sourcePreviewInput = z.strictObject({ url: sourceUrl });

/** `POST /api/sources`. */
export const sourceInput = z.strictObject({ url: sourceUrl, options: sourceOptions.optional() });

/** `PATCH /api/sources/{id}`: new options, or pause (true) and resume (false) its checks. */
export const sourceUpdateInput = z.strictObject({
  options: sourceOptions.optional(),
  paused: z.boolean({ error: 'paused is true or false.' }).optional(),
});

const sourceState = z.enum(['ok', 'failing', 'paused']);

/** A source as its owner sees it. `lastError` is why it fails or was paused; absent while it is ok. */
const sourceAnswer = z.object({
  id: z.number().int(),
  url: z.string(),
  kind: z.enum(sourceKinds),
  title: z.string(),
  state: sourceState,
  /** When it was last checked (ms); null before its first check. */
  lastCheckedAt: z.number().int().nullable(),
  lastError: z.string().optional(),
  /** Blocks on the board it made (blocks the owner deleted are not counted). */
  blocksMade: z.number().int(),
  options: z.object({
    shelves: z.array(z.enum(blockStatuses)),
    startHidden: z.boolean(),
    blockPerItem: z.boolean(),
  }),
});
export type SourceAnswer = z.output<typeof sourceAnswer>;

export const sourceCreatedAnswer = z.object({ source: sourceAnswer });
/** A source removed: its blocks stay on the board, they are the owner's. */
export const sourceDeletedAnswer = z.object({ deleted: z.literal(true) });
export const sourceListAnswer = z.object({ sources: z.array(sourceAnswer) });

/** What "Check now" found: the blocks it made and moved, or that nothing changed. */
export const sourceCheckAnswer = z.object({
  source: sourceAnswer,
  made: z.number().int(),
  moved: z.number().int(),
  /** The feed's server said nothing changed (304), or the feed is the same as last time. */
  unchanged: z.boolean(),
});

/** A shelf the feed has, with how many of its items are on it. */
const availableShelf = z.object({
  shelf: z.enum(blockStatuses),
  /** The shelf's name at the source ("to-read", "currently-reading", "read", "diary"). */
  name: z.string(),
  items: z.number().int(),
});

/** The pages people paste that Up2 recognises and finds the feed of (a YouTube channel's videos…). */
const pageSites = [
  'youtube-channel',
  'github-profile',
  'fediverse-profile',
  'substack',
  'medium',
  'bookwyrm-shelf',
] as const;
export type PageSite = (typeof pageSites)[number];

/** What connecting the source would make, before it does (writes nothing). */
export const sourcePreviewAnswer = z.object({
  /** The feed's own address (a page's announced feed when a page was pasted). */
  url: z.string(),
  kind: z.enum(sourceKinds),
  /** The page recognised in the address pasted, whose feed was read; null for any other address. */
  site: z.enum(pageSites).nullable(),
  title: z.string(),
  shelves: z.array(availableShelf),
  blocks: z.array(
    z.object({
      category: z.string(),
      type: z.string(),
      status: z.enum(blockStatuses),
      title: z.string(),
      subtitle: z.string().nullable(),
      /**
       * The picture the block would show, copied into Up2 (as a link preview's is): for the first
       * six blocks; null for the rest and for items without one.
       */
      imageUrl: z.string().nullable(),
      /** The item is already on the board (an earlier import or source): it would not be made again. */
      onBoard: z.boolean(),
    }),
  ),
});
