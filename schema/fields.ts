import { z } from 'zod';

// Zod probes for `new Function` to compile validators. Workers and our pages' CSP forbid eval, so
// the probe only fails (and logs a CSP violation in browsers). Every schema module imports this one.
z.config({ jitless: true });

/** Path under which the Worker serves images it stored in R2 (uploads and generated images). */
export const ownImagePathPrefix = '/api/images/';

/** One of the images this app stored in R2 (uploads and generated images). */
export const ownImagePath =
  /^\/api\/images\/(avatars|generated)\/\d+\/[0-9a-f-]{36}\.(png|jpg|webp|gif)$/;
const maxUrlLength = 2048;

export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'https:' || protocol === 'http:') && hostname.length > 0;
}

/** Optional free text: trimmed, capped, and "" stored as null so the client can clear a field. */
export function optionalText(max: number, name: string) {
  return z
    .string()
    .trim()
    .max(max, `${name} must be ${max} characters or less.`)
    .transform((value) => value || null)
    .nullable()
    .optional();
}

/** An external link: http(s) only, so `javascript:` and `data:` URLs never reach a page. */
export function optionalLinkUrl(name: string) {
  return z
    .string()
    .trim()
    .max(maxUrlLength, `${name} must be ${maxUrlLength} characters or less.`)
    .refine(
      (value) => value === '' || isHttpUrl(value),
      `${name} must start with http:// or https://`,
    )
    .transform((value) => value || null)
    .nullable()
    .optional();
}

/** An image: an http(s) URL, or one of the images this app stored. */
export function optionalImageUrl(name: string) {
  return z
    .string()
    .trim()
    .max(maxUrlLength, `${name} must be ${maxUrlLength} characters or less.`)
    .refine(
      (value) => value === '' || isHttpUrl(value) || ownImagePath.test(value),
      `${name} must start with http:// or https://`,
    )
    .transform((value) => value || null)
    .nullable()
    .optional();
}

/** Rejects an empty object: an update must change something. */
export function hasSomeField(value: object): boolean {
  return Object.keys(value).length > 0;
}

/** A numeric id in a path (`/:id{[0-9]+}`); one too large to be a real id answers `notFound`. */
export function idParam(notFound: string) {
  return z.strictObject({
    id: z.coerce.number({ error: notFound }).int().positive(notFound),
  });
}
