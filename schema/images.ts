import { z } from 'zod';
import { imageRatios } from './block-values';
// Imported for its one-time zod configuration (jitless), like every schema module.
import { presetAvatarStyles } from './fields';

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

/** `GET /api/avatars/{style}/{seed}.svg`: a preset avatar's style and seed. */
export const presetAvatarParams = z.object({
  style: z.enum(presetAvatarStyles, { error: 'There is no such avatar style.' }),
  file: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{1,40}\.(svg|png)$/,
      'An avatar is named by its seed, then .svg (or .png for a picture drawn from it).',
    ),
});

export const uploadAnswer = z.object({ url: z.string() });
export const generatedImageAnswer = z.object({ imageUrl: z.string() });
