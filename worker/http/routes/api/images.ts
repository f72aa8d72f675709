import { type Context, Hono } from 'hono';
import {
  generatedImageAnswer,
  generateImageInput,
  maxAvatarBytes,
  uploadAnswer,
} from '../../../../schema/images';
import {
  findImage,
  generateImage,
  storeImage,
  takeGenerationAllowance,
  takeUploadAllowance,
} from '../../../domain/images/images';
import type { AppEnv } from '../../app-env';
import { requireAuth, type SignedInEnv } from '../../middleware/auth';
import { changesNoBoard } from '../../middleware/board-changes';
import { documented, sendJson } from '../../middleware/contract';
import { ApiError } from '../../middleware/errors';
import { rateLimit } from '../../middleware/rate-limit';
import { limitBodySize } from '../../middleware/request-body';
import { publicApiSecurityHeaders } from '../../middleware/security-headers';
import { validate } from '../../middleware/validate';

// Room for the multipart envelope around a file at the limit.
const multipartOverheadBytes = 16 * 1024;
const imageTooLarge = 'The image is too large: the limit is 2 MB.';
const tag = 'Images';

/**
 * Stores the multipart `file` as an image of `kind` under the avatar's rules: a real image by its
 * bytes (whatever it claims to be), at most 2 MB, within the user's uploads an hour.
 */
async function storeUpload(
  c: Pick<Context<SignedInEnv>, 'env' | 'var' | 'req'>,
  kind: 'avatars' | 'blocks',
) {
  await takeUploadAllowance(c.var.db, c.var.viewer.id);
  const form = await c.req.formData().catch(() => {
    throw new ApiError(400, 'Send the image as multipart/form-data, in a field named "file".');
  });
  const file = form.get('file');
  if (!(file instanceof File)) {
    throw new ApiError(400, 'Send the image as multipart/form-data, in a field named "file".');
  }
  if (file.size > maxAvatarBytes) throw new ApiError(413, imageTooLarge);
  return storeImage(c.env, kind, c.var.viewer.id, new Uint8Array(await file.arrayBuffer()));
}

export const uploadRoutes = new Hono<AppEnv>()
  .post(
    '/avatar',
    documented({
      tag,
      summary: 'Upload an avatar (PNG, JPEG, WebP or GIF, up to 2 MB) as multipart `file`',
      answers: { 201: uploadAnswer },
      refusals: [400, 401, 413, 429],
    }),
    changesNoBoard,
    requireAuth,
    limitBodySize(maxAvatarBytes + multipartOverheadBytes, imageTooLarge),
    async (c) => sendJson(c, { url: await storeUpload(c, 'avatars') }, 201),
  )
  .post(
    '/block-image',
    documented({
      tag,
      summary: "Upload a block's image (PNG, JPEG, WebP or GIF, up to 2 MB) as multipart `file`",
      answers: { 201: uploadAnswer },
      refusals: [400, 401, 413, 429],
    }),
    changesNoBoard,
    requireAuth,
    limitBodySize(maxAvatarBytes + multipartOverheadBytes, imageTooLarge),
    async (c) => sendJson(c, { url: await storeUpload(c, 'blocks') }, 201),
  );

export const generateImageRoutes = new Hono<AppEnv>().post(
  '/',
  documented({
    tag,
    summary: 'Generate an image for a block from a prompt (Workers AI)',
    answers: { 201: generatedImageAnswer },
    refusals: [400, 401, 429, 502],
  }),
  changesNoBoard,
  requireAuth,
  validate('json', generateImageInput),
  rateLimit('IMAGE_LIMITER', 'generate-image', (c) => String(c.var.viewer?.id)),
  async (c) => {
    const { prompt, ratio } = c.req.valid('json');
    await takeGenerationAllowance(c.var.db, c.var.viewer.id);
    const image = await generateImage(c.env, prompt, ratio);
    const imageUrl = await storeImage(c.env, 'generated', c.var.viewer.id, image);
    return sendJson(c, { imageUrl }, 201);
  },
);

/** Read by other sites too (a board's images on the embed's host, in feeds): cross-origin readable. */
export const imageRoutes = new Hono<AppEnv>().use(publicApiSecurityHeaders).get(
  '/:kind/:owner/:file',
  documented({
    tag,
    summary: 'An uploaded or generated image',
    answers: { 200: { contentType: 'image/*' } },
    refusals: [404],
  }),
  async (c) => {
    const image = await findImage(c.env, c.req.param());
    // Images never change under a key, so browsers and the edge may keep them for a year. Other
    // sites show them too (CORP cross-origin, set by publicApiSecurityHeaders).
    const headers = new Headers();
    image.writeHttpMetadata(headers);
    headers.set('etag', image.httpEtag);
    headers.set('cache-control', 'public, max-age=31536000, immutable');
    return new Response(image.body, { headers });
  },
);
