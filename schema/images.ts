import { z } from 'zod';
// Imported for its one-time zod configuration (jitless), like every schema module.
import './fields';
import { imageRatios } from './block-values';

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
