import { imageSize } from 'image-size';
import type { ImageRatio } from '../../../schema/block-values';
import { ownImagePathPrefix } from '../../../schema/fields';
import { maxImageSide } from '../../../schema/images';
import type { Db } from '../../platform/db';
import { pngToJpeg } from '../../platform/jpeg';
import { generateLocalImage } from '../../platform/local-image';
import { takeQuota } from '../../platform/quotas';
import { Refusal } from '../../platform/refusal';

/** Avatars; AI images; and block images uploaded from the dialog or copied from a linked page. */
type ImageKind = 'avatars' | 'generated' | 'blocks';
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

/** The pixel size the image's header declares, or undefined when the header cannot be read. */
function declaredSize(bytes: Uint8Array): { width: number; height: number } | undefined {
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
  const size = format && declaredSize(bytes);
  if (!size) throw new Refusal('invalid', notAnImage);
  if (size.width > maxImageSide || size.height > maxImageSide) {
    throw new Refusal(
      'invalid',
      `The image is ${size.width} × ${size.height} pixels: the limit is ${maxImageSide} pixels a side.`,
    );
  }
  const key = `${kind}/${userId}/${crypto.randomUUID()}.${format.extension}`;
  await env.IMAGES.put(key, bytes, { httpMetadata: { contentType: format.contentType } });
  return `${ownImagePathPrefix}${key}`;
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
 * Images never change under a key, so browsers and the edge may keep them for a year. Other sites
 * show them too (CORP cross-origin, set with the route's headers).
 */
export async function serveImage(env: Env, key: string): Promise<Response> {
  const object = await env.IMAGES.get(key);
  if (!object) throw new Refusal('not-found', 'Image not found.');
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set('etag', object.httpEtag);
  headers.set('cache-control', 'public, max-age=31536000, immutable');
  return new Response(object.body, { headers });
}

const uploadsPerHour = { limit: 30, windowMs: 60 * 60 * 1000 };

/** Takes one of the user's 30 uploads an hour, or refuses with how long to wait. */
export async function takeUploadAllowance(db: Db, userId: number): Promise<void> {
  const use = await takeQuota(db, `uploads:${userId}`, uploadsPerHour);
  if (use.allowed) return;
  const minutes = Math.ceil(use.retryAfterSeconds / 60);
  throw new Refusal(
    'too-many',
    `You uploaded ${uploadsPerHour.limit} images in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retryAfterSeconds: use.retryAfterSeconds },
  );
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

async function streamToBytes(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Workers AI text-to-image at the ratio's size; the local generator where Workers AI is out of reach. */
export async function generateImage(
  env: Env,
  prompt: string,
  ratio: ImageRatio,
): Promise<Uint8Array> {
  try {
    const output: unknown = await env.AI.run(defaultModel, { prompt, ...aiSizes[ratio] });
    const bytes = output instanceof ReadableStream ? await streamToBytes(output) : output;
    // Its PNGs (~1-1.5 MB) are a board's largest paint, so they are kept as JPEGs a fraction of
    // the size; one a JPEG cannot hold (transparency, palette, 16-bit, undecodable) stays as it came.
    if (bytes instanceof Uint8Array && sniffImageFormat(bytes) === formats.png) {
      return pngToJpeg(bytes) ?? bytes;
    }
    if (bytes instanceof Uint8Array && sniffImageFormat(bytes)) return bytes;
    throw new Error('Workers AI answered without an image');
  } catch (error) {
    if (isAiUnreachable(error)) return generateLocalImage(prompt, ratio);
    console.error('Workers AI image generation failed', error);
    throw new Refusal('upstream-failed', 'Failed to generate image. Please try again.');
  }
}
