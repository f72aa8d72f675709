// The values a block's fields take, without zod: boards that only show blocks import these and
// never load the validator (schema/blocks.ts builds its schemas from them).

export const blockStatuses = ['now', 'planned', 'done'] as const;
export type BlockStatus = (typeof blockStatuses)[number];

export const imageAspectRatios = ['square', 'wide', 'tall', 'auto'] as const;

/** A shape an image takes: a block's own, or its board's for "auto". */
export type ImageShape = Exclude<(typeof imageAspectRatios)[number], 'auto'>;

/** Each shape's proportions: cards and the focal-point preview take them from here. */
export const imageShapeProportions: Record<ImageShape, { width: number; height: number }> = {
  square: { width: 1, height: 1 },
  wide: { width: 16, height: 9 },
  tall: { width: 3, height: 4 },
};

/** For CSS `aspect-ratio`. */
export function aspectRatioOf(shape: ImageShape): string {
  const { width, height } = imageShapeProportions[shape];
  return `${width} / ${height}`;
}
