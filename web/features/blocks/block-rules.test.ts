import { describe, expect, it } from 'vitest';
import {
  draggedFocalPoint,
  firstTabWithBlocks,
  focalPointAfterKey,
  formatImagePosition,
  parseImagePosition,
  progressBar,
  progressForStatus,
  quickMoves,
  ratioAfterImageLoad,
  ratioForSize,
  statusForProgress,
} from './block-rules';

describe('choosing a status in the dialog', () => {
  it('sets progress 5 for now, 0 for planned and 100 for done', () => {
    expect(progressForStatus).toEqual({ now: 5, planned: 0, done: 100 });
  });
});

describe('the tab a board opens on', () => {
  it('is Now when Now holds a block, whatever the other tabs hold', () => {
    expect(firstTabWithBlocks([{ status: 'done' }, { status: 'planned' }, { status: 'now' }])).toBe(
      'now',
    );
  });
  it('is Planned when only Planned and Done hold blocks (a fresh copy goes to Planned)', () => {
    expect(firstTabWithBlocks([{ status: 'done' }, { status: 'planned' }])).toBe('planned');
  });
  it('is Done when only Done holds blocks', () => {
    expect(firstTabWithBlocks([{ status: 'done' }])).toBe('done');
  });
  it('is Now on an empty board', () => {
    expect(firstTabWithBlocks([])).toBe('now');
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
