import { describe, expect, it } from 'vitest';
import type { Block } from './api/get-own-blocks';
import {
  blockFormDefaults,
  blockFormPayload,
  blockFormResolver,
  blockToFormValues,
  hasChanges,
  labelForType,
  newBlockFormValues,
  validateBlockForm,
} from './block-form';

const storedBlock: Block = {
  id: 7,
  type: 'books-reading',
  category: 'learning',
  emoji: 'BookOpen',
  label: 'Book',
  title: 'Dune',
  subtitle: null,
  description: 'Desert planet',
  imageUrl: null,
  imageAspectRatio: 'wide',
  imagePosition: '20% 80%',
  externalUrl: 'https://example.com/dune',
  status: 'now',
  progress: 40,
  progressEnabled: false,
  statusSince: Date.UTC(2026, 2, 1),
  rating: 4.5,
  review: 'Spice must flow.',
  isWide: true,
  linksOwnProfile: false,
  linkReported: false,
  isVisible: true,
  copyCount: 0,
  clickCount: 0,
};

describe('the dialog form', () => {
  it('starts at status now, progress 0, tracking on, the board ratio, centred', () => {
    expect(blockFormDefaults).toMatchObject({
      status: 'now',
      progress: 0,
      progressEnabled: true,
      imageAspectRatio: 'auto',
      imagePosition: 'center',
      category: null,
      type: null,
      title: '',
    });
  });
  it('is the defaults for a new block in Now', () => {
    expect(newBlockFormValues()).toEqual(blockFormDefaults);
    expect(newBlockFormValues('now')).toEqual(blockFormDefaults);
  });
  it('starts a new block from an example with its category, type and label chosen', () => {
    expect(newBlockFormValues('now', 'books-reading')).toEqual({
      ...blockFormDefaults,
      category: 'learning',
      type: 'books-reading',
      label: 'Books & Reading',
    });
  });
  it('starts a new block from the Planned tab as planned at 0', () => {
    expect(newBlockFormValues('planned')).toEqual({
      ...blockFormDefaults,
      status: 'planned',
      progress: 0,
    });
  });
  it('preselects category and type and copies the fields when editing', () => {
    expect(blockToFormValues(storedBlock)).toEqual({
      category: 'learning',
      type: 'books-reading',
      label: 'Book',
      title: 'Dune',
      subtitle: '',
      description: 'Desert planet',
      imageUrl: '',
      externalUrl: 'https://example.com/dune',
      status: 'now',
      progress: 40,
      progressEnabled: false,
      imageAspectRatio: 'wide',
      imagePosition: '20% 80%',
      rating: 4.5,
      review: 'Spice must flow.',
      isWide: true,
    });
  });
  it('leaves the type unselected for a type the catalogue no longer has', () => {
    expect(blockToFormValues({ ...storedBlock, type: 'gone' }).type).toBeNull();
  });
  it("sends the type's icon name as emoji", () => {
    expect(blockFormPayload({ ...blockFormDefaults, type: 'github' }).emoji).toBe('FolderGit2');
  });
});

describe('saving the dialog', () => {
  const filled = {
    ...blockFormDefaults,
    category: 'learning' as const,
    type: 'books-reading' as const,
    title: '  Dune ',
  };

  it('refuses a missing title with "Please enter a title."', () => {
    const result = validateBlockForm({ ...filled, title: '   ' });
    expect(result).toMatchObject({
      ok: false,
      message: 'Please enter a title.',
      errors: { title: 'Please enter a title.' },
    });
  });
  it('refuses a missing category or type with "Please select a category and type."', () => {
    const noCategory = validateBlockForm({ ...filled, category: null, type: null });
    expect(noCategory).toMatchObject({
      ok: false,
      message: 'Please select a category and type.',
      errors: { category: 'Please select a category and type.' },
    });
    const noType = validateBlockForm({ ...filled, type: null });
    expect(noType).toMatchObject({
      ok: false,
      errors: { type: 'Please select a category and type.' },
    });
  });
  it('names the title first when both are missing', () => {
    const result = validateBlockForm({ ...blockFormDefaults });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toBe('Please enter a title.');
  });
  it('sends the full payload with empty optional fields as null', () => {
    const result = validateBlockForm(filled);
    expect(result).toEqual({
      ok: true,
      payload: {
        category: 'learning',
        type: 'books-reading',
        emoji: 'BookOpen',
        label: null,
        title: 'Dune',
        subtitle: null,
        description: null,
        imageUrl: null,
        externalUrl: null,
        status: 'now',
        progress: 0,
        progressEnabled: true,
        imageAspectRatio: 'auto',
        imagePosition: 'center',
        rating: null,
        review: null,
        isWide: false,
      },
    });
  });
  it('refuses a review longer than 500 characters, at the review', () => {
    const result = validateBlockForm({ ...filled, review: 'a'.repeat(501) });
    expect(result).toMatchObject({
      ok: false,
      errors: { review: 'Review must be 500 characters or less.' },
    });
  });
  it('refuses a rating that is not a half step from ½ to 5', () => {
    for (const rating of [0, 0.25, 5.5]) {
      const result = validateBlockForm({ ...filled, rating });
      expect(result).toMatchObject({
        ok: false,
        errors: { rating: 'Rating must be from ½ to 5 stars, in half stars.' },
      });
    }
  });
});

describe('the form resolver', () => {
  const resolverOptions = { fields: {}, shouldUseNativeValidation: false } as const;

  it('reports each invalid field with the API message, so the form can clear it when fixed', async () => {
    const result = await blockFormResolver(blockFormDefaults, undefined, resolverOptions);
    expect(result.errors.title?.message).toBe('Please enter a title.');
    expect(result.errors.category?.message).toBe('Please select a category and type.');
  });

  it('reports no errors once the fields are valid', async () => {
    const values = {
      ...blockFormDefaults,
      category: 'learning',
      type: 'books-reading',
      title: 'Dune',
    } as const;
    const result = await blockFormResolver(values, undefined, resolverOptions);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(values);
  });
});

describe('the label a chosen type gives', () => {
  it("is the type's label when the label is empty", () => {
    expect(labelForType({ label: '', filledLabel: undefined }, 'books-reading')).toBe(
      'Books & Reading',
    );
  });

  it('follows the type while the label is still the one a type filled in', () => {
    expect(
      labelForType({ label: 'Books & Reading', filledLabel: 'Books & Reading' }, 'coding-dev'),
    ).toBe('Coding & Dev');
  });

  it('keeps a label the owner typed', () => {
    expect(labelForType({ label: 'Sci-fi', filledLabel: 'Books & Reading' }, 'coding-dev')).toBe(
      'Sci-fi',
    );
  });
});

describe('hasChanges', () => {
  const isNew = { isNew: true };

  it('sees no change in a new block whose category and type were only chosen', () => {
    const picked = {
      ...blockFormDefaults,
      category: 'digital' as const,
      type: 'github' as const,
      label: 'GitHub',
      progressEnabled: false,
    };
    expect(hasChanges(blockFormDefaults, picked, isNew)).toBe(false);
  });

  it('sees no change once a typed field is emptied again', () => {
    expect(hasChanges(blockFormDefaults, { ...blockFormDefaults, title: '' }, isNew)).toBe(false);
  });

  it('sees a typed title, an own label or a flipped progress switch', () => {
    expect(hasChanges(blockFormDefaults, { ...blockFormDefaults, title: 'Dune' }, isNew)).toBe(
      true,
    );
    expect(hasChanges(blockFormDefaults, { ...blockFormDefaults, label: 'Mine' }, isNew)).toBe(
      true,
    );
    expect(
      hasChanges(blockFormDefaults, { ...blockFormDefaults, progressEnabled: false }, isNew),
    ).toBe(true);
  });

  it("sees a stored block's new type as a change", () => {
    const stored = blockToFormValues(storedBlock);
    expect(hasChanges(stored, stored, { isNew: false })).toBe(false);
    expect(hasChanges(stored, { ...stored, type: 'courses-classes' }, { isNew: false })).toBe(true);
  });
});
