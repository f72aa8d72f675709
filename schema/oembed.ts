import { z } from 'zod';
// Imported for its one-time zod configuration (jitless), like every schema module.
import './fields';

const dimension = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number of pixels.` })
    .int(`${name} must be a whole number of pixels.`)
    .positive(`${name} must be a positive number of pixels.`)
    .max(10_000, `${name} must be 10000 or less.`)
    .optional();

/**
 * `GET /api/oembed` (https://oembed.com). `format` is any string here: oEmbed asks for 501, not
 * 400, for a format the provider does not offer, so the route answers that one itself.
 */
export const oembedQuery = z.object({
  url: z
    .string({ error: 'url is required.' })
    .trim()
    .min(1, 'url is required.')
    .max(2048, 'url must be 2048 characters or less.')
    .refine((value) => URL.canParse(value), 'url must be an absolute URL.'),
  format: z.string().trim().toLowerCase().default('json'),
  maxwidth: dimension('maxwidth'),
  maxheight: dimension('maxheight'),
});

/** An oEmbed 1.0 "rich" answer (https://oembed.com/#section2.3). */
export const oembedAnswer = z.object({
  version: z.literal('1.0'),
  type: z.literal('rich'),
  provider_name: z.string(),
  provider_url: z.string(),
  title: z.string(),
  author_name: z.string(),
  author_url: z.string(),
  cache_age: z.number().int(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().int().optional(),
  thumbnail_height: z.number().int().optional(),
});
