import { describe, expect, it } from 'vitest';
import type { Block } from './api/get-own-blocks';
import {
  blockFormDefaults,
  blockFormPayload,
  blockToFormValues,
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
      },
    });
  });
});
