import { eq, inArray, lt } from 'drizzle-orm';
import type { ImageRatio } from '../../../schema/block-values';
import { ownImagePathPrefix } from '../../../schema/fields';
import { maxImageSide } from '../../../schema/images';
import {
  blocks,
  deletedBlocks,
  fediverseFollowers,
  pendingImages,
  users,
} from '../../../schema/tables';
import { type Db, getDb } from '../../platform/db';
import { takeQuota } from '../../platform/quotas';
import { Refusal } from '../../platform/refusal';
import { bytesOf } from '../../platform/streams';

/**
 * Avatars; AI images; block images uploaded from the dialog or copied from a linked page; and the
 * pictures of a board's fediverse followers, copied when they follow.
 */
export type ImageKind = 'avatars' | 'generated' | 'blocks' | 'followers';
type ImageFormat = { extension: string; contentType: string };

const formats = {
  png: { extension: 'png', contentType: 'image/png' },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  webp: { extension: 'webp', contentType: 'image/webp' },
  gif: { extension: 'gif', contentType: 'image/gif' },
} satisfies Record<string, ImageFormat>;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, i) => bytes[offset + i] === byte);

/** The image format the bytes really are, whatever the upload claimed; undefined if none we take. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return formats.png;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return formats.jpeg;
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) &&
    [0x37, 0x39].includes(bytes[4] ?? 0) &&
    bytes[5] === 0x61
  ) {
    return formats.gif;
  }
  if (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return formats.webp;
  }
  return undefined;
}

const notAnImage = 'Please upload a PNG, JPEG, WebP or GIF image.';

/**
 * The pixel size the image's header declares, or undefined when the header cannot be read. The
 * readers of image formats load with an isolate's first stored image, as do the PNG and JPEG
 * codecs of generated images: a reader's request needs none of them.
 */
async function declaredSize(
  bytes: Uint8Array,
): Promise<{ width: number; height: number } | undefined> {
  const { imageSize } = await import('image-size');
  try {
    const { width, height } = imageSize(bytes);
    return width > 0 && height > 0 ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stores an image under a key the server makes and answers the URL it is served from. The bytes
 * must be an image of a format we take, whose header can be read and declares at most
 * `maxImageSide` pixels a side (a small file can declare a picture no browser should decode).
 */
export async function storeImage(env: Env, kind: ImageKind, userId: number, bytes: Uint8Array) {
  const format = sniffImageFormat(bytes);
  const size = format && (await declaredSize(bytes));
  if (!size) throw new Refusal('invalid', notAnImage);
  if (size.width > maxImageSide || size.height > maxImageSide) {
    throw new Refusal(
      'invalid',
      `The image is ${size.width} × ${size.height} pixels: the limit is ${maxImageSide} pixels a side.`,
    );
  }
  const key = `${kind}/${userId}/${crypto.randomUUID()}.${format.extension}`;
  await env.IMAGES.put(key, bytes, { httpMetadata: { contentType: format.contentType } });
  await getDb(env).insert(pendingImages).values({ key, storedAt: new Date() });
  return `${ownImagePathPrefix}${key}`;
}

const unusedAfterMs = 24 * 60 * 60 * 1000;
const sweptAtOnce = 50;

/**
 * Deletes images stored more than a day ago that no block, profile or follower shows (an upload never
 * saved, a generated image not kept): a few at a time, oldest first, each cron run.
 */
export async function sweepUnusedImages(db: Db, env: Env, now = Date.now()): Promise<void> {
  const due = await db
    .select({ key: pendingImages.key })
    .from(pendingImages)
    .where(lt(pendingImages.storedAt, new Date(now - unusedAfterMs)))
    .orderBy(pendingImages.storedAt)
    .limit(sweptAtOnce);
  if (due.length === 0) return;
  const urls = due.map(({ key }) => `${ownImagePathPrefix}${key}`);
  const shown = await db
    .select({ url: blocks.imageUrl })
    .from(blocks)
    .where(inArray(blocks.imageUrl, urls))
    .union(db.select({ url: users.avatar }).from(users).where(inArray(users.avatar, urls)))
    .union(
      db
        .select({ url: fediverseFollowers.avatarUrl })
        .from(fediverseFollowers)
        .where(inArray(fediverseFollowers.avatarUrl, urls)),
    );
  const kept = new Set(shown.map(({ url }) => url));
  const unused = due
    .map(({ key }) => key)
    .filter((key) => !kept.has(`${ownImagePathPrefix}${key}`));
  if (unused.length > 0) await env.IMAGES.delete(unused);
  await db.delete(pendingImages).where(
    inArray(
      pendingImages.key,
      due.map(({ key }) => key),
    ),
  );
}

/**
 * Deletes the avatar a profile change replaced, if it was one the user uploaded here: an avatar
 * no one shows again is no longer kept. A failure only leaves an unused file behind.
 */
export async function deleteReplacedAvatar(
  env: Env,
  before: { id: number; avatar: string | null },
  after: { avatar: string | null },
): Promise<void> {
  const ownUploads = `${ownImagePathPrefix}avatars/${before.id}/`;
  if (!before.avatar?.startsWith(ownUploads) || before.avatar === after.avatar) return;
  await env.IMAGES.delete(before.avatar.slice(ownImagePathPrefix.length)).catch((error: unknown) =>
    console.error('Replaced avatar not deleted.', error),
  );
}

/**
 * Deletes an image stored here once nothing shows it: no block (a copy shares its original's
 * image) and no profile. An image from elsewhere, or one still shown, stays.
 */
export async function deleteImageNoOneShows(db: Db, env: Env, url: string | null): Promise<void> {
  if (!url?.startsWith(ownImagePathPrefix)) return;
  const shown = await db
    .select({ id: blocks.id })
    .from(blocks)
    .where(eq(blocks.imageUrl, url))
    .union(db.select({ id: users.id }).from(users).where(eq(users.avatar, url)))
    // A deleted block may still be brought back with its image.
    .union(
      db
        .select({ id: deletedBlocks.blockId })
        .from(deletedBlocks)
        .where(eq(deletedBlocks.imageUrl, url)),
    )
    .limit(1);
  if (shown.length > 0) return;
  await env.IMAGES.delete(url.slice(ownImagePathPrefix.length));
}

/** Deletes images stored here that only their rows showed (another site's, or none, are skipped). */
export async function deleteStoredImages(env: Env, urls: (string | null)[]): Promise<void> {
  const keys = urls.flatMap((url) =>
    url?.startsWith(ownImagePathPrefix) ? [url.slice(ownImagePathPrefix.length)] : [],
  );
  if (keys.length > 0) await env.IMAGES.delete(keys);
}

const imageKinds = new Set<string>([
  'avatars',
  'generated',
  'blocks',
  'followers',
] satisfies ImageKind[]);
const imageFile = /^[0-9a-f-]{36}\.(png|jpg|webp|gif)$/;

/** An uploaded or generated image, from R2; refused (404) when there is none at that path. */
export async function findImage(
  env: Env,
  { kind, owner, file }: { kind: string; owner: string; file: string },
): Promise<R2ObjectBody> {
  // Only what was uploaded or generated: link-preview cards and anything else in the bucket are
  // served by their own routes, which check the board is still public.
  const known = imageKinds.has(kind) && /^[0-9]{1,12}$/.test(owner) && imageFile.test(file);
  const object = known ? await env.IMAGES.get(`${kind}/${owner}/${file}`) : null;
  if (!object) throw new Refusal('not-found', 'Image not found.');
  return object;
}

const perHour = { limit: 30, windowMs: 60 * 60 * 1000 };

async function takeHourlyAllowance(db: Db, key: string, done: string): Promise<void> {
  const use = await takeQuota(db, key, perHour);
  if (use.allowed) return;
  const minutes = Math.ceil(use.retryAfterSeconds / 60);
  throw new Refusal(
    'too-many',
    `You ${done} ${perHour.limit} images in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retryAfterSeconds: use.retryAfterSeconds },
  );
}

/** Takes one of the user's 30 uploads an hour, or refuses with how long to wait. */
export function takeUploadAllowance(db: Db, userId: number): Promise<void> {
  return takeHourlyAllowance(db, `uploads:${userId}`, 'uploaded');
}

/**
 * Takes one of the user's 30 generated images an hour (the minute's limit alone would let one
 * account run the model all day), or refuses with how long to wait.
 */
export function takeGenerationAllowance(db: Db, userId: number): Promise<void> {
  return takeHourlyAllowance(db, `generated:${userId}`, 'generated');
}

const defaultModel = '@cf/stabilityai/stable-diffusion-xl-base-1.0';
const aiSizes: Record<ImageRatio, { width: number; height: number }> = {
  square: { width: 1024, height: 1024 },
  wide: { width: 1344, height: 768 },
  tall: { width: 896, height: 1152 },
};

/** Thrown by the AI binding when it cannot be reached: local dev, tests, or no Cloudflare account. */
function isAiUnreachable(error: unknown): boolean {
  return /run remotely|remote bindings?|not logged in|no account/i.test(String(error));
}

/** Workers AI text-to-image at the ratio's size; the local generator where Workers AI is out of reach. */
export async function generateImage(
  env: Env,
  prompt: string,
  ratio: ImageRatio,
): Promise<Uint8Array> {
  try {
    const output: unknown = await env.AI.run(defaultModel, { prompt, ...aiSizes[ratio] });
    const bytes = output instanceof ReadableStream ? await bytesOf(output) : output;
    // Its PNGs (~1-1.5 MB) are a board's largest paint, so they are kept as JPEGs a fraction of
    // the size; one a JPEG cannot hold (transparency, palette, 16-bit, undecodable) stays as it came.
    if (bytes instanceof Uint8Array && sniffImageFormat(bytes) === formats.png) {
      const { pngToJpeg } = await import('../../platform/jpeg');
      return pngToJpeg(bytes) ?? bytes;
    }
    if (bytes instanceof Uint8Array && sniffImageFormat(bytes)) return bytes;
    throw new Error('Workers AI answered without an image');
  } catch (error) {
    if (isAiUnreachable(error)) {
      const { generateLocalImage } = await import('../../platform/local-image');
      return generateLocalImage(prompt, ratio);
    }
    console.error('Workers AI image generation failed', error);
    throw new Refusal('upstream-failed', 'Failed to generate image. Please try again.');
  }
}
