import { z } from 'zod';

// Zod probes for `new Function` to compile validators. Workers and our pages' CSP forbid eval, so
// the probe only fails (and logs a CSP violation in browsers). Every schema module imports this one.
z.config({ jitless: true });

/** Path under which the Worker serves images it stored in R2 (uploads and generated images). */
export const ownImagePathPrefix = '/api/images/';

/** One of the images this app stored in R2 (uploads and generated images). */
export const ownImagePath =
  /^\/api\/images\/(avatars|generated|blocks)\/\d+\/[0-9a-f-]{36}\.(png|jpg|webp|gif)$/;
const maxUrlLength = 2048;

/** The DiceBear styles of the preset avatars, which the Worker draws itself. */
export const presetAvatarStyles = ['avataaars', 'lorelei', 'micah'] as const;
export type PresetAvatarStyle = (typeof presetAvatarStyles)[number];
/** A preset avatar drawn by this app: `/api/avatars/{style}/{seed}.svg`. */
const presetAvatarPath = /^\/api\/avatars\/(avataaars|lorelei|micah)\/[A-Za-z0-9_-]{1,40}\.svg$/;

export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'https:' || protocol === 'http:') && hostname.length > 0;
}

const hasScheme = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A link typed as people say it ("github.com/ada", "www.example.org"): completed with https://.
 * Anything else (a full URL, an email address, text) comes back as it was.
 */
export function completeLink(value: string): string {
  const link = value.trim();
  if (link === '' || hasScheme.test(link) || link.includes('@') || /\s/.test(link)) return value;
  const completed = `https://${link}`;
  if (!isHttpUrl(completed)) return value;
  const { hostname } = new URL(completed);
  return /^[^.]+(\.[^.]+)+$/.test(hostname) ? completed : value;
}

// Characters that change how the text around them shows without being seen themselves: bidi
// embeddings, overrides and isolates (which can show a name backwards), zero-width spaces, word
// joiners and byte-order marks, and control characters such as NUL.
const bidiControls = /[\u202A-\u202E\u2066-\u2069]/u;
const invisibleCharacters = /[\u200B\u2060\uFEFF]/u;
const zeroWidthJoiners = /[\u200C\u200D]/u;
// Joiners with a job: inside an emoji sequence (woman technologist, rainbow flag), and between the letters of scripts
// that need them to join or part letters (Persian, Hindi…); Latin never does.
const emojiJoiner =
  /(?<=\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F)\u200D(?=\p{Extended_Pictographic})/gu;
const letterJoiner =
  /(?<=(?!\p{Script=Latin})[\p{L}\p{M}])[\u200C\u200D](?=(?!\p{Script=Latin})[\p{L}\p{M}])/gu;

const controlCharacters = /\p{Cc}/u;
// Line breaks and tabs are text in a description or a bio; every other control character is not.
const lineBreaksAndTabs = /[\n\r\t]/g;

/** True when the text holds nothing a reader cannot see, but joiners that have a job. */
export function isVisibleText(text: string, { multiline = false } = {}): boolean {
  if (bidiControls.test(text) || invisibleCharacters.test(text)) return false;
  if (controlCharacters.test(multiline ? text.replace(lineBreaksAndTabs, '') : text)) return false;
  const withoutNeededJoiners = text.replace(emojiJoiner, '').replace(letterJoiner, '');
  return !zeroWidthJoiners.test(withoutNeededJoiners);
}

export const hiddenCharactersMessage = (name: string) =>
  `${name} contains hidden characters (often pasted along with text). Please type it again.`;

/** Text a person reads on a board: no hidden characters (`isVisibleText`). */
export function visibleText(name: string, options: { multiline?: boolean } = {}) {
  return z.string().refine((text) => isVisibleText(text, options), hiddenCharactersMessage(name));
}

/**
 * Optional free text: trimmed, capped, free of hidden characters, and "" stored as null so the
 * client can clear a field.
 */
export function optionalText(max: number, name: string, options: { multiline?: boolean } = {}) {
  return z
    .string()
    .trim()
    .max(max, `${name} must be ${max} characters or less.`)
    .pipe(visibleText(name, options))
    .transform((value) => value || null)
    .nullable()
    .optional();
}

/**
 * An external link: http(s) only, so `javascript:` and `data:` URLs never reach a page; one typed
 * without its scheme is completed with https://.
 */
export function optionalLinkUrl(name: string) {
  return z
    .string()
    .trim()
    .max(maxUrlLength, `${name} must be ${maxUrlLength} characters or less.`)
    .transform(completeLink)
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

/** An avatar: an image as `optionalImageUrl` takes, or one of the preset avatars this app draws. */
export function optionalAvatarUrl(name: string) {
  return z
    .string()
    .trim()
    .max(maxUrlLength, `${name} must be ${maxUrlLength} characters or less.`)
    .refine(
      (value) =>
        value === '' ||
        isHttpUrl(value) ||
        ownImagePath.test(value) ||
        presetAvatarPath.test(value),
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
