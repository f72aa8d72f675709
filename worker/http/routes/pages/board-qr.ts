import { Hono } from 'hono';
import { usernameFromBoardPath } from '../../../render/board-meta';
import type { AppEnv } from '../../app-env';
import { publicApiSecurityHeaders } from '../../middleware/security-headers';

// A board's link never changes, so its code does not either; a board made private meanwhile
// only leaves a code that leads to "Board Not Found".
const qrCacheControl = 'public, max-age=86400';

/**
 * `/@alice/qr.svg`: the QR code of a public board's link, for printing or for other sites to show.
 * Unknown and private boards answer 404.
 */
export const boardQr = new Hono<AppEnv>().get(
  '/:handle/qr.svg',
  publicApiSecurityHeaders,
  async (c) => {
    const username = usernameFromBoardPath(`/${c.req.param('handle')}`);
    // The QR encoder loads with an isolate's first code, never at its start.
    const { publicBoardQr } = await import('../../../render/board-qr');
    const svg = await publicBoardQr(c.var.db, c.env, username);
    if (!svg) return c.text('Board not found', 404, { 'cache-control': 'no-store' });
    return c.body(svg, 200, {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': qrCacheControl,
    });
  },
);
