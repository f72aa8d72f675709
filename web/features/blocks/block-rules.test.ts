import { describe, expect, it } from 'vitest';
import type { Block } from './api/get-own-blocks';
import {
  blockFormDefaults,
  blockFormPayload,
  blockToFormValues,
  draggedFocalPoint,
  focalPointAfterKey,
  formatImagePosition,
  newBlockFormValues,
  parseImagePosition,
  progressBar,
  progressForStatus,
  quickMoves,
  ratioAfterImageLoad,
  ratioForSize,
  statusForProgress,
  validateBlockForm,
} from './block-rules';

const storedBlock: Block = {
  id: 7,
  userId: 3,
  position: 1,
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
  isVisible: true,
  copyCount: 0,
  clickCount: 0,
  copiedFromBlockId: null,
  copiedFromUserId: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('choosing a status in the dialog', () => {
  it('sets progress 5 for now, 0 for planned and 100 for done', () => {
    expect(progressForStatus).toEqual({ now: 5, planned: 0, done: 100 });
  });
});

describe('moving the progress slider', () => {
  it('makes 0 planned', () => expect(statusForProgress(0)).toBe('planned'));
  it('makes 100 done', () => expect(statusForProgress(100)).toBe('done'));
  it('makes 1 and 99 now', () => {
    expect(statusForProgress(1)).toBe('now');
    expect(statusForProgress(99)).toBe('now');
  });
  it('makes every slider step strictly between the ends now', () => {
    for (let value = 5; value < 100; value += 5) expect(statusForProgress(value)).toBe('now');
  });
});

describe('the quick move buttons', () => {
  it('move to planned at 0, now at 50 and done at 100', () => {
    expect(quickMoves.planned).toEqual({ status: 'planned', progress: 0 });
    expect(quickMoves.now).toEqual({ status: 'now', progress: 50 });
    expect(quickMoves.done).toEqual({ status: 'done', progress: 100 });
  });
});

describe('the card progress bar', () => {
  it('is empty for a planned block whatever its progress', () => {
    expect(progressBar({ status: 'planned', progress: 60 })).toEqual({
      width: 0,
      complete: false,
    });
  });
  it('is full and complete (green) for a done block whatever its progress', () => {
    expect(progressBar({ status: 'done', progress: 10 })).toEqual({ width: 100, complete: true });
  });
  it('follows the progress for a block in progress', () => {
    expect(progressBar({ status: 'now', progress: 35 })).toEqual({ width: 35, complete: false });
  });
  it('stays within 0-100 for a block in progress', () => {
    expect(progressBar({ status: 'now', progress: 140 }).width).toBe(100);
    expect(progressBar({ status: 'now', progress: -5 }).width).toBe(0);
  });
});

describe('the ratio an image suggests', () => {
  it('is tall below 0.8', () => expect(ratioForSize(79, 100)).toBe('tall'));
  it('is square at exactly 0.8', () => expect(ratioForSize(80, 100)).toBe('square'));
  it('is square at 1', () => expect(ratioForSize(500, 500)).toBe('square'));
  it('is square at exactly 1.2', () => expect(ratioForSize(120, 100)).toBe('square'));
  it('is wide above 1.2', () => expect(ratioForSize(121, 100)).toBe('wide'));
});

describe('the ratio after a preview image loads', () => {
  it('follows the image while the ratio is the default square and there was no image', () => {
    expect(
      ratioAfterImageLoad({ ratio: 'square', hadImageUrl: false, width: 1600, height: 900 }),
    ).toBe('wide');
    expect(
      ratioAfterImageLoad({ ratio: 'square', hadImageUrl: false, width: 600, height: 900 }),
    ).toBe('tall');
  });
  it('keeps a ratio the person chose', () => {
    expect(
      ratioAfterImageLoad({ ratio: 'tall', hadImageUrl: false, width: 1600, height: 900 }),
    ).toBe('tall');
    expect(
      ratioAfterImageLoad({ ratio: 'auto', hadImageUrl: false, width: 1600, height: 900 }),
    ).toBe('auto');
  });
  it('keeps square when the block already had an image', () => {
    expect(
      ratioAfterImageLoad({ ratio: 'square', hadImageUrl: true, width: 1600, height: 900 }),
    ).toBe('square');
  });
  it('ignores an image without a size', () => {
    expect(ratioAfterImageLoad({ ratio: 'square', hadImageUrl: false, width: 0, height: 0 })).toBe(
      'square',
    );
  });
});

describe('the image focal point', () => {
  it('reads "center" and unknown text as 50% 50%', () => {
    expect(parseImagePosition('center')).toEqual({ x: 50, y: 50 });
    expect(parseImagePosition('')).toEqual({ x: 50, y: 50 });
    expect(parseImagePosition(null)).toEqual({ x: 50, y: 50 });
    expect(parseImagePosition('somewhere')).toEqual({ x: 50, y: 50 });
  });
  it('reads keywords and percentages', () => {
    expect(parseImagePosition('top')).toEqual({ x: 50, y: 0 });
    expect(parseImagePosition('right')).toEqual({ x: 100, y: 50 });
    expect(parseImagePosition('12.5% 80%')).toEqual({ x: 12.5, y: 80 });
  });
  it('clamps stored percentages to 0-100', () => {
    expect(parseImagePosition('-10% 140%')).toEqual({ x: 0, y: 100 });
  });
  it('formats as "x% y%"', () => {
    expect(formatImagePosition({ x: 30, y: 62.5 })).toBe('30% 62.5%');
  });
  it('moves half a percent against each pixel dragged', () => {
    expect(draggedFocalPoint({ x: 50, y: 50 }, 20, -10)).toEqual({ x: 40, y: 55 });
    expect(draggedFocalPoint({ x: 50, y: 50 }, 3, 0)).toEqual({ x: 48.5, y: 50 });
  });
  it('clamps x and y at 0 and 100', () => {
    expect(draggedFocalPoint({ x: 50, y: 50 }, 101, 101)).toEqual({ x: 0, y: 0 });
    expect(draggedFocalPoint({ x: 50, y: 50 }, -101, -101)).toEqual({ x: 100, y: 100 });
    expect(draggedFocalPoint({ x: 50, y: 50 }, 100, -100)).toEqual({ x: 0, y: 100 });
  });
  it('moves like a 10-pixel drag on an arrow key and ignores other keys', () => {
    expect(focalPointAfterKey({ x: 50, y: 50 }, 'ArrowRight')).toEqual({ x: 45, y: 50 });
    expect(focalPointAfterKey({ x: 50, y: 50 }, 'ArrowLeft')).toEqual({ x: 55, y: 50 });
    expect(focalPointAfterKey({ x: 50, y: 50 }, 'ArrowUp')).toEqual({ x: 50, y: 55 });
    expect(focalPointAfterKey({ x: 50, y: 0 }, 'ArrowDown')).toEqual({ x: 50, y: 0 });
    expect(focalPointAfterKey({ x: 50, y: 50 }, 'Enter')).toBeNull();
  });
});

describe('the dialog form', () => {
  it('starts at status now, progress 0, tracking on, square, centred', () => {
    expect(blockFormDefaults).toMatchObject({
      status: 'now',
      progress: 0,
      progressEnabled: true,
      imageAspectRatio: 'square',
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
        imageAspectRatio: 'square',
        imagePosition: 'center',
      },
    });
  });
});
