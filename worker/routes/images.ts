import { Hono } from 'hono';
import { generateImageInput, maxAvatarBytes } from '../../schema/images';
import { requireAuth } from '../middleware/auth';
import { ApiError } from '../middleware/errors';
import { rateLimit } from '../middleware/rate-limit';
import { limitBodySize } from '../middleware/request-body';
import { validate } from '../middleware/validate';
import { generateImage, serveImage, storeImage } from '../services/images';
import type { AppEnv } from '../types';

// Room for the multipart envelope around a file at the limit.
const multipartOverheadBytes = 16 * 1024;
const avatarTooLarge = 'The image is too large: the limit is 2 MB.';

export const uploadRoutes = new Hono<AppEnv>().post(
  '/avatar',
  requireAuth,
  limitBodySize(maxAvatarBytes + multipartOverheadBytes, avatarTooLarge),
  async (c) => {
    const form = await c.req.formData().catch(() => {
      throw new ApiError(400, 'Send the image as multipart/form-data, in a field named "file".');
    });
    const file = form.get('file');
    if (!(file instanceof File)) {
      throw new ApiError(400, 'Send the image as multipart/form-data, in a field named "file".');
    }
    if (file.size > maxAvatarBytes) throw new ApiError(413, avatarTooLarge);
    const url = await storeImage(
      c.env,
      'avatars',
      c.var.viewer.id,
      new Uint8Array(await file.arrayBuffer()),
    );
    return c.json({ url }, 201);
  },
);

export const generateImageRoutes = new Hono<AppEnv>().post(
  '/',
  requireAuth,
  validate('json', generateImageInput),
  rateLimit('IMAGE_LIMITER', 'generate-image', (c) => String(c.var.viewer?.id)),
  async (c) => {
    const { prompt, ratio } = c.req.valid('json');
    const image = await generateImage(c.env, prompt, ratio);
    const imageUrl = await storeImage(c.env, 'generated', c.var.viewer.id, image);
    return c.json({ imageUrl }, 201);
  },
);

export const imageRoutes = new Hono<AppEnv>().get('/:kind/:owner/:file', (c) =>
  serveImage(c.env, `${c.req.param('kind')}/${c.req.param('owner')}/${c.req.param('file')}`),
);
