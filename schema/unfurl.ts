import { z } from 'zod';
// Imported for its one-time zod configuration (jitless), like every schema module.
import './fields';

const maxLinkLength = 2048;

export const unfurlInput = z.strictObject({
  url: z
    .string({ error: 'Please paste a link.' })
    .trim()
    .min(1, 'Please paste a link.')
    .max(maxLinkLength, `The link must be ${maxLinkLength} characters or less.`),
});

/**
 * What a page says about itself, ready to fill a block: each field null when the page does not
 * say. `imageUrl` is our own copy of the page's picture; `favicon` a small `data:` image.
 */
export const unfurlAnswer = z.object({
  title: z.string().nullable(),
  description: z.string().nullable(),
  siteName: z.string().nullable(),
  /** Who wrote the page (a book's or an article's author), which a block takes as its subtitle. */
  author: z.string().nullable(),
  imageUrl: z.string().nullable(),
  favicon: z.string().nullable(),
});

export type UnfurlAnswer = z.output<typeof unfurlAnswer>;
