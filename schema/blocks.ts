import { z } from 'zod';
import {
  type BlockStatus,
  blockStatuses,
  imageAspectRatios,
  maxRating,
  maxReviewLength,
  ratingStep,
} from './block-values';
import { blockTypeKeys, findBlockType } from './catalogue';
import { categoryKeys } from './categories';
import { optionalImageUrl, optionalLinkUrl, optionalText, visibleText } from './fields';

export const maxBlocksPerBoard = 50_000;

const pickCategoryAndType = 'Please select a category and type.';

const blockStatus = z.enum(blockStatuses, { error: 'Status must be now, planned or done.' });

/** "x% y%" with each between 0 and 100, or a CSS keyword position such as "center". */
const imagePositionPattern =
  /^(center|top|bottom|left|right|(100|\d{1,2})(\.\d{1,2})?% (100|\d{1,2})(\.\d{1,2})?%)$/;

const imagePosition = z
  .string()
  .trim()
  .regex(imagePositionPattern, 'Image position must look like "50% 50%".');

const ratingMessage = 'Rating must be from ½ to 5 stars, in half stars.';

/** Stars, ½ to 5 in half steps; null clears it. */
const rating = z
  .number({ error: ratingMessage })
  .min(ratingStep, ratingMessage)
  .max(maxRating, ratingMessage)
  .refine((stars) => Number.isInteger(stars / ratingStep), ratingMessage)
  .nullable()
  .optional();

/**
 * A block as the dialog sends it. Fields left out keep their stored value on update,
 * and take the table's defaults on create (status now, progress 0, visible, square, center).
 */
export const blockInput = z
  .strictObject({
    category: z.enum(categoryKeys, { error: pickCategoryAndType }),
    type: z.enum(blockTypeKeys, { error: pickCategoryAndType }),
    emoji: optionalText(40, 'Icon'),
    label: optionalText(40, 'Label'),
    title: z
      .string({ error: 'Please enter a title.' })
      .trim()
      .min(1, 'Please enter a title.')
      .max(120, 'Title must be 120 characters or less.')
      .pipe(visibleText('Title')),
    subtitle: optionalText(160, 'Subtitle'),
    description: optionalText(2000, 'Description', { multiline: true }),
    imageUrl: optionalImageUrl('Image URL'),
    imageAspectRatio: z
      .enum(imageAspectRatios, { error: 'Image ratio must be square, wide, tall or auto.' })
      .optional(),
    imagePosition: imagePosition.optional(),
    externalUrl: optionalLinkUrl('External link'),
    status: blockStatus.optional(),
    progress: z
      .number({ error: 'Progress must be a whole number from 0 to 100.' })
      .int('Progress must be a whole number from 0 to 100.')
      .min(0, 'Progress must be a whole number from 0 to 100.')
      .max(100, 'Progress must be a whole number from 0 to 100.')
      .optional(),
    progressEnabled: z.boolean().optional(),
    isVisible: z.boolean().optional(),
    rating,
    review: optionalText(maxReviewLength, 'Review', { multiline: true }),
    isWide: z.boolean({ error: 'isWide must be true or false.' }).optional(),
  })
  .refine((block) => findBlockType(block.type)?.category === block.category, {
    message: pickCategoryAndType,
    path: ['type'],
  });

export type BlockInput = z.infer<typeof blockInput>;

export const blockStatusInput = z.strictObject({ status: blockStatus });
const blockProgressInput = z.strictObject({ progress: blockInput.shape.progress.unwrap() });

function isOnly(key: string, value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).join() === key;
}

/** Passes the chosen form's own messages on: a field error reads as that form's schema words it. */
function reportIssues(ctx: z.RefinementCtx, issues: z.core.$ZodIssue[]): never {
  for (const issue of issues) ctx.addIssue({ ...issue, code: 'custom' });
  return z.NEVER;
}

type BlockUpdate =
  | { kind: 'move'; status: BlockStatus }
  | { kind: 'progress'; progress: number }
  | { kind: 'edit'; block: BlockInput };

/**
 * `PUT /api/blocks/:id` takes the full block, `{ status }` alone to move it, or `{ progress }`
 * alone to set its progress (what a script sends).
 */
export const blockUpdateInput = z
  .custom<
    | z.input<typeof blockInput>
    | z.input<typeof blockStatusInput>
    | z.input<typeof blockProgressInput>
  >()
  .transform((value, ctx): BlockUpdate => {
    if (isOnly('status', value)) {
      const parsed = blockStatusInput.safeParse(value);
      if (parsed.success) return { kind: 'move', status: parsed.data.status };
      return reportIssues(ctx, parsed.error.issues);
    }
    if (isOnly('progress', value)) {
      const parsed = blockProgressInput.safeParse(value);
      if (parsed.success) return { kind: 'progress', progress: parsed.data.progress };
      return reportIssues(ctx, parsed.error.issues);
    }
    const parsed = blockInput.safeParse(value);
    if (parsed.success) return { kind: 'edit', block: parsed.data };
    return reportIssues(ctx, parsed.error.issues);
  });

const blockIds = z
  .array(
    z.number({ error: 'Block ids must be numbers.' }).int('Block ids must be whole numbers.'),
    {
      error: 'List the blocks as an array of their ids.',
    },
  )
  .max(maxBlocksPerBoard, `A tab holds at most ${maxBlocksPerBoard} blocks.`)
  .refine(
    (ids) => new Set(ids).size === ids.length,
    'Each block may appear only once in the order.',
  );

/**
 * `PUT /api/blocks/order`: one tab's blocks, first to last. It must name exactly the blocks that
 * tab holds, so an order made from a stale list is refused rather than half applied.
 */
export const blockOrderInput = z.strictObject({ status: blockStatus, ids: blockIds });
export const blockOrderAnswer = z.object({
  status: z.enum(blockStatuses),
  ids: z.array(z.number().int()),
});

/** A block as visitors see it: what its card draws, and its id to copy it or follow its link. */
export const publicBlock = z.object({
  id: z.number().int(),
  type: z.string(),
  category: z.string(),
  emoji: z.string().nullable(),
  label: z.string().nullable(),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  imageAspectRatio: z.enum(imageAspectRatios),
  imagePosition: z.string(),
  externalUrl: z.string().nullable(),
  status: z.enum(blockStatuses),
  progress: z.number().int(),
  progressEnabled: z.boolean(),
  // When it entered its status, in ms since the epoch ("Started 3 weeks ago", "Finished in March").
  statusSince: z.number().int().nullable(),
  // The owner's stars (½ to 5) and a few words on it; null when they gave none.
  rating: z.number().nullable(),
  review: z.string().nullable(),
  // Featured: two columns wide on the board.
  isWide: z.boolean(),
  // Its link is a page of the owner themselves (schema/indieweb.ts), marked rel="me" on the
  // board; false wherever the block is shown off its owner's board.
  linksOwnProfile: z.boolean().default(false),
  // Its link leads to a site a moderator blocked: Visit Link goes through a warning first.
  linkReported: z.boolean().default(false),
});

/** A block as its owner sees it: whether visitors see it, and how often it was copied and followed. */
export const ownBlock = publicBlock.extend({
  isVisible: z.boolean(),
  copyCount: z.number().int(),
  clickCount: z.number().int(),
});

export const ownBlockAnswer = z.object({ block: ownBlock });

/**
 * `POST /api/blocks/:id/merge`: the block `from` goes into block `:id`, which keeps its story,
 * counts and copies (one work, one block).
 */
export const blockMergeInput = z.strictObject({
  from: z
    .number({ error: 'Name the block to merge into this one by its id.' })
    .int({ error: 'Name the block to merge into this one by its id.' })
    .positive({ error: 'Name the block to merge into this one by its id.' }),
});

const duplicateSide = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(blockStatuses),
});

/** Pairs of the owner's blocks that hold one work, the older first: offered to merge. */
export const duplicateBlocksAnswer = z.object({
  pairs: z.array(z.object({ kept: duplicateSide, from: duplicateSide })),
});
export const deletedAnswer = z.object({ deleted: z.literal(true) });
/** A deleted block can be brought back (POST …/restore) until `undoUntil`, in ms since 1970. */
export const deletedBlockAnswer = z.object({
  deleted: z.literal(true),
  undoUntil: z.number().int(),
});
export const clickAnswer = z.object({ recorded: z.boolean() });
/** A click carries no data, but comes as JSON: a page on another site cannot send that unasked. */
export const clickInput = z.strictObject({});

export type PublicBlock = z.output<typeof publicBlock>;

/** One page of a tab, first to last; `next` asks for the page after it, null at the tab's end. */
export const ownTabPage = z.object({
  blocks: z.array(ownBlock),
  next: z.string().nullable(),
});

/** Each tab's true count, and where its first page ends. */
const ownTab = z.object({ total: z.number().int(), next: z.string().nullable() });
export const ownTabs = z.object({ now: ownTab, planned: ownTab, done: ownTab });

const neighbourMessage = 'after must be the id of a block in that tab, or null to put it first.';

/**
 * `PUT /api/blocks/{id}/position`: the block goes into tab `status` right after block `after`,
 * or first when `after` is null.
 */
export const blockPositionInput = z.strictObject({
  status: blockStatus,
  after: z
    .number({ error: neighbourMessage })
    .int(neighbourMessage)
    .positive(neighbourMessage)
    .nullable(),
});
export const blockPositionAnswer = z.object({ block: ownBlock });
