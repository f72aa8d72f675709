import { Hono } from 'hono';
import { presetAvatarParams } from '../../../../schema/images';
import type { AppEnv } from '../../app-env';
import { documented } from '../../middleware/contract';
import { publicApiSecurityHeaders } from '../../middleware/security-headers';
import { validate } from '../../middleware/validate';

// A seed draws the same face for as long as the styles' version stays: a day, then drawn anew.
const avatarCacheControl = 'public, max-age=86400';

/** The preset and generated avatars, drawn on our own origin (like other images, readable anywhere). */
export const avatarRoutes = new Hono<AppEnv>().use(publicApiSecurityHeaders).get(
  '/:style/:file',
  documented({
    tag: 'Images',
    summary: 'A preset avatar, drawn from its DiceBear style and seed',
    answers: { 200: { contentType: 'image/svg+xml' } },
    refusals: [400],
  }),
  validate('param', presetAvatarParams),
  async (c) => {
    const { style, file } = c.req.valid('param');
    // DiceBear's styles (0.3 MB) load with the first avatar an isolate draws.
    const { drawPresetAvatar } = await import('../../../render/preset-avatars');
    const svg = drawPresetAvatar(style, file.slice(0, -'.svg'.length));
    if (file.endsWith('.png')) {
      // Drawn for servers that show no SVG (the fediverse's); the rasteriser loads only here.
      const { rasterizeAvatar } = await import('../../../render/og-image');
      return c.body(await rasterizeAvatar(svg), 200, {
        'content-type': 'image/png',
        'cache-control': avatarCacheControl,
      });
    }
    return c.body(svg, 200, {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': avatarCacheControl,
    });
  },
);
