// The block dialog's form: its values, defaults, the payload it sends and its validation.
// Kept apart from block-rules.ts so boards that only show cards never load the validator.
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { BlockStatus } from '../../../schema/block-values';
import { type BlockInput, blockInput } from '../../../schema/blocks';
import { type BlockTypeKey, findBlockType } from '../../../schema/catalogue';
import { type CategoryKey, categoryKeys } from '../../../schema/categories';
import type { Block } from './api/get-own-blocks';
import { type BlockImageRatio, progressForStatus } from './block-rules';

export type BlockFormValues = {
  category: CategoryKey | null;
  type: BlockTypeKey | null;
  label: string;
  title: string;
  subtitle: string;
  description: string;
  imageUrl: string;
  externalUrl: string;
  status: BlockStatus;
  progress: number;
  progressEnabled: boolean;
  imageAspectRatio: BlockImageRatio;
  imagePosition: string;
  /** Stars, ½ to 5; null when unrated. */
  rating: number | null;
  review: string;
  isWide: boolean;
};

export type BlockFormField = keyof BlockFormValues;

/** What the dialog shows for a new block, and returns to on close or cancel. */
export const blockFormDefaults: BlockFormValues = {
  category: null,
  type: null,
  label: '',
  title: '',
  subtitle: '',
  description: '',
  imageUrl: '',
  externalUrl: '',
  status: 'now',
  progress: 0,
  progressEnabled: true,
  // Follows the board-wide ratio, so the dashboard's ratio choice shapes new blocks.
  imageAspectRatio: 'auto',
  imagePosition: 'center',
  rating: null,
  review: '',
  isWide: false,
};

/**
 * A new block started from a tab's "Create Block" tile begins in that tab's status; one started
 * from an example (the onboarding's "A book") with that example's type chosen.
 */
export function newBlockFormValues(
  status: BlockStatus = 'now',
  typeKey?: BlockTypeKey,
): BlockFormValues {
  const type = typeKey ? findBlockType(typeKey) : undefined;
  const values =
    status === blockFormDefaults.status
      ? blockFormDefaults
      : { ...blockFormDefaults, status, progress: progressForStatus[status] };
  if (!type) return values;
  return {
    ...values,
    category: type.category,
    type: type.key,
    label: type.label,
    progressEnabled: tracksProgressByDefault(type.category),
  };
}

/** A link (the Digital & Links category) is there, not under way: it tracks no progress unless asked. */
export function tracksProgressByDefault(category: CategoryKey | null): boolean {
  return category !== 'digital';
}

/**
 * Whether closing would lose something the person did. For a new block, choosing its category and
 * type (and the label and progress switch that choice fills in) only says where they are.
 */
export function hasChanges(
  initial: BlockFormValues,
  current: BlockFormValues,
  { isNew }: { isNew: boolean },
): boolean {
  let compared = current;
  if (isNew) {
    const typeLabel = (current.type && findBlockType(current.type)?.label) || '';
    compared = {
      ...current,
      category: initial.category,
      type: initial.type,
      label: current.label === typeLabel ? initial.label : current.label,
      progressEnabled:
        current.progressEnabled === tracksProgressByDefault(current.category)
          ? initial.progressEnabled
          : current.progressEnabled,
    };
  }
  return (Object.keys(initial) as BlockFormField[]).some(
    (field) => compared[field] !== initial[field],
  );
}

function isCategoryKey(value: string): value is CategoryKey {
  return (categoryKeys as readonly string[]).includes(value);
}

export function blockToFormValues(block: Block): BlockFormValues {
  const type = findBlockType(block.type);
  return {
    category: type?.category ?? (isCategoryKey(block.category) ? block.category : null),
    type: type?.key ?? null,
    label: block.label ?? '',
    title: block.title,
    subtitle: block.subtitle ?? '',
    description: block.description ?? '',
    imageUrl: block.imageUrl ?? '',
    externalUrl: block.externalUrl ?? '',
    status: block.status,
    progress: block.progress,
    progressEnabled: block.progressEnabled,
    imageAspectRatio: block.imageAspectRatio,
    imagePosition: block.imagePosition || 'center',
    rating: block.rating,
    review: block.review ?? '',
    isWide: block.isWide,
  };
}

/** The payload the API takes: the form's fields plus the type's icon name as `emoji`. */
export function blockFormPayload(values: BlockFormValues) {
  return {
    ...values,
    emoji: values.type ? (findBlockType(values.type)?.icon ?? null) : null,
  };
}

type BlockFormResult =
  | { ok: true; payload: BlockInput }
  | { ok: false; errors: Partial<Record<BlockFormField, string>>; message: string };

/** Checks the form with the API's own schema, so its messages show at the fields. */
export function validateBlockForm(values: BlockFormValues): BlockFormResult {
  const parsed = blockInput.safeParse(blockFormPayload(values));
  if (parsed.success) return { ok: true, payload: parsed.data };
  const errors: Partial<Record<BlockFormField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values) {
      errors[field as BlockFormField] ??= issue.message;
    }
  }
  const message =
    errors.title ?? errors.category ?? errors.type ?? parsed.error.issues[0]?.message ?? '';
  return { ok: false, errors, message };
}

/**
 * The form's resolver: the same check as the API's, so react-hook-form can clear a field's error
 * as soon as the field becomes valid (it re-validates on change after the first save).
 */
export const blockFormResolver: Resolver<BlockFormValues> = async (values) => {
  const result = validateBlockForm(values);
  if (result.ok) return { values, errors: {} };
  const errors: FieldErrors<BlockFormValues> = {};
  for (const [field, message] of Object.entries(result.errors)) {
    errors[field as BlockFormField] = { type: 'validate', message };
  }
  return { values: {}, errors };
};

/**
 * The label a newly chosen type gives the block: the type's own label, unless the owner has
 * typed a label of their own (one that is neither empty nor the label a type last filled in).
 */
export function labelForType(
  current: { label: string; filledLabel: string | undefined },
  nextType: BlockTypeKey,
): string {
  const typedOwn = current.label.trim() !== '' && current.label !== current.filledLabel;
  if (typedOwn) return current.label;
  return findBlockType(nextType)?.label ?? current.label;
}

/** What a linked page offers a block: its fields from `POST /api/unfurl`. */
type FoundOnPage = {
  title: string | null;
  description: string | null;
  siteName: string | null;
  author: string | null;
  imageUrl: string | null;
};

const fillableFields = {
  title: 'Title',
  subtitle: 'Subtitle',
  description: 'Description',
  imageUrl: 'Image',
} as const;

/**
 * What filling from a link changes: only the fields still empty, so nothing the person typed is
 * overwritten; `kept` names the fields where the page said something else than what they typed.
 * The subtitle takes the page's author (a book's, an article's), else the site's name.
 */
export function fillFromPage(values: BlockFormValues, found: FoundOnPage) {
  const offered = {
    title: found.title,
    subtitle: found.author ?? found.siteName,
    description: found.description,
    imageUrl: found.imageUrl,
  };
  const change: Partial<Pick<BlockFormValues, keyof typeof fillableFields>> = {};
  const kept: string[] = [];
  for (const field of Object.keys(fillableFields) as (keyof typeof fillableFields)[]) {
    const value = offered[field];
    if (!value) continue;
    if (values[field].trim() === '') change[field] = value;
    else if (values[field].trim() !== value) kept.push(fillableFields[field]);
  }
  return { change, kept };
}
