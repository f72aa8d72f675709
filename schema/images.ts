import { z } from 'zod';
// Imported for its one-time zod configuration (jitless), like every schema module.
import './fields';

export const imageRatios = ['square', 'wide', 'tall'] as const;
export type ImageRatio = (typeof imageRatios)[number];

/** Each ratio's shape: cards, the focal-point preview and generated images all take it from here. */
export const imageRatioShapes: Record<ImageRatio, { width: number; height: number }> = {
  square: { width: 1, height: 1 },
  wide: { width: 16, height: 9 },
  tall: { width: 3, height: 4 },
};

/** For CSS `aspect-ratio`. */
export function aspectRatioOf(ratio: ImageRatio): string {
  const { width, height } = imageRatioShapes[ratio];
  return `${width} / ${height}`;
}

export const maxAvatarBytes = 2 * 1024 * 1024;
/** No side of a stored image may be longer (in pixels). */
export const maxImageSide = 4096;

export const generateImageInput = z.strictObject({
  prompt: z
    .string({ error: 'Please describe the image you want.' })
    .trim()
    .min(1, 'Please describe the image you want.')
    .max(500, 'Prompt must be 500 characters or less.'),
  ratio: z.enum(imageRatios, { error: 'Ratio must be square, wide or tall.' }).default('square'),
});

export const uploadAnswer = z.object({ url: z.string() });
export const generatedImageAnswer = z.object({ imageUrl: z.string() });
