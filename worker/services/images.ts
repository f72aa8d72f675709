import { ownImagePathPrefix } from '../../schema/fields';
import type { ImageRatio } from '../../schema/images';
import { Refusal } from './errors';
import { pngToJpeg } from './jpeg';
import { generateLocalImage } from './local-image';

type ImageKind = 'avatars' | 'generated';
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

/** Stores an image under a key the server makes and answers the URL it is served from. */
export async function storeImage(env: Env, kind: ImageKind, userId: number, bytes: Uint8Array) {
  const format = sniffImageFormat(bytes);
  if (!format) throw new Refusal('invalid', 'Please upload a PNG, JPEG, WebP or GIF image.');
  const key = `${kind}/${userId}/${crypto.randomUUID()}.${format.extension}`;
  await env.IMAGES.put(key, bytes, { httpMetadata: { contentType: format.contentType } });
  return `${ownImagePathPrefix}${key}`;
}

/** Images never change under a key, so browsers and the edge may keep them for a year. */
export async function serveImage(env: Env, key: string): Promise<Response> {
  const object = await env.IMAGES.get(key);
  if (!object) throw new Refusal('not-found', 'Image not found.');
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set('etag', object.httpEtag);
  headers.set('cache-control', 'public, max-age=31536000, immutable');
  headers.set('x-content-type-options', 'nosniff');
  headers.set('content-security-policy', "default-src 'none'; sandbox");
  headers.set('cross-origin-resource-policy', 'cross-origin');
  return new Response(object.body, { headers });
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
