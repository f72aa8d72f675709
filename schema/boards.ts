import { z } from 'zod';
import { hasSomeField } from './fields';

export const boardImageRatios = ['square', 'wide', 'tall'] as const;

export const boardSettingsInput = z
  .strictObject({
    globalImageRatio: z.enum(boardImageRatios, {
      error: 'Image ratio must be square, wide or tall.',
    }),
    hideAllImages: z.boolean({ error: 'hideAllImages must be true or false.' }),
  })
  .partial()
  .refine(hasSomeField, 'Send globalImageRatio or hideAllImages.');

export const discoverQuery = z.strictObject({
  q: z.string().trim().max(100, 'Search must be 100 characters or less.').optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be between 1 and 50.')
    .max(50, 'limit must be between 1 and 50.')
    .default(24),
  cursor: z.coerce.number().int().positive('cursor must be a positive number.').optional(),
});
