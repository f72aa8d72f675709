import type { ImageRatio } from '../../../schema/block-values';
import {
  type BlockStatus,
  blockStatuses,
  type imageAspectRatios,
} from '../../../schema/block-values';
import type { Block } from './api/get-own-blocks';

export type BlockImageRatio = (typeof imageAspectRatios)[number];

/** Choosing a status in the dialog sets the progress that goes with it. */
export const progressForStatus: Record<BlockStatus, number> = { now: 5, planned: 0, done: 100 };

/** Moving the progress slider sets the status: 0 is planned, 100 is done, anything between is now. */
export function statusForProgress(progress: number): BlockStatus {
  if (progress <= 0) return 'planned';
  if (progress >= 100) return 'done';
  return 'now';
}

/**
 * The tab a board opens on: the first of Now, Planned, Done that holds a block, so a board whose
 * only blocks are planned (a fresh copy goes to Planned) does not open on an empty Now. Now when
 * the board is empty.
 */
export function firstTabWithBlocks(blocks: readonly Pick<Block, 'status'>[]): BlockStatus {
  return blockStatuses.find((status) => blocks.some((block) => block.status === status)) ?? 'now';
}

/** What the "Move to …" buttons set. */
export const quickMoves: Record<BlockStatus, { status: BlockStatus; progress: number }> = {
  planned: { status: 'planned', progress: 0 },
  now: { status: 'now', progress: 50 },
  done: { status: 'done', progress: 100 },
};

/** A card's progress bar: empty for planned, full and green for done, else the progress. */
export function progressBar(block: Pick<Block, 'status' | 'progress'>): {
  width: number;
  complete: boolean;
} {
  if (block.status === 'planned') return { width: 0, complete: false };
  if (block.status === 'done') return { width: 100, complete: true };
  return { width: clampPercent(block.progress), complete: false };
}

/** The ratio an image's natural size suggests: below 0.8 tall, 0.8 to 1.2 square, above 1.2 wide. */
export function ratioForSize(width: number, height: number): ImageRatio {
  const ratio = width / height;
  if (ratio < 0.8) return 'tall';
  if (ratio > 1.2) return 'wide';
  return 'square';
}

/**
 * The ratio after a preview image loaded: derived from the image only while the ratio is still
 * the default square and the block had no image before, so a chosen ratio is never overridden.
 */
export function ratioAfterImageLoad(input: {
  ratio: BlockImageRatio;
  hadImageUrl: boolean;
  width: number;
  height: number;
}): BlockImageRatio {
  if (input.ratio !== 'square' || input.hadImageUrl) return input.ratio;
  if (input.width <= 0 || input.height <= 0) return input.ratio;
  return ratioForSize(input.width, input.height);
}

export type FocalPoint = { x: number; y: number };

const centre: FocalPoint = { x: 50, y: 50 };

function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, value));
}

const keywordPositions: Record<string, FocalPoint> = {
  center: centre,
  top: { x: 50, y: 0 },
  bottom: { x: 50, y: 100 },
  left: { x: 0, y: 50 },
  right: { x: 100, y: 50 },
};

/** Reads "x% y%" (or a keyword such as "center"); anything else is the centre. */
export function parseImagePosition(position: string | null | undefined): FocalPoint {
  const text = (position ?? '').trim();
  const keyword = keywordPositions[text];
  if (keyword) return keyword;
  const match = /^(-?\d+(?:\.\d+)?)% (-?\d+(?:\.\d+)?)%$/.exec(text);
  if (!match) return centre;
  return { x: clampPercent(Number(match[1])), y: clampPercent(Number(match[2])) };
}

export function formatImagePosition({ x, y }: FocalPoint): string {
  return `${x}% ${y}%`;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Dragging the preview by (dx, dy) pixels moves the focal point by half a percent per pixel. */
export function draggedFocalPoint(start: FocalPoint, dx: number, dy: number): FocalPoint {
  return {
    x: round2(clampPercent(start.x - dx / 2)),
    y: round2(clampPercent(start.y - dy / 2)),
  };
}

const keyboardStepPixels = 10;
const arrowDeltas: Record<string, [number, number]> = {
  ArrowLeft: [-keyboardStepPixels, 0],
  ArrowRight: [keyboardStepPixels, 0],
  ArrowUp: [0, -keyboardStepPixels],
  ArrowDown: [0, keyboardStepPixels],
};

/** An arrow key moves the picture like a 10-pixel drag in that direction; other keys do nothing. */
export function focalPointAfterKey(start: FocalPoint, key: string): FocalPoint | null {
  const delta = arrowDeltas[key];
  return delta ? draggedFocalPoint(start, delta[0], delta[1]) : null;
}
