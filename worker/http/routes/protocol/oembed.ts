import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { oembedAnswer, oembedQuery } from '../../../../schema/oembed';
import {
  boardOembed,
  boardUsernameFromUrl,
  findPublicBoardOwner,
} from '../../../render/board-meta';
import type { AppEnv } from '../../app-env';
import { documented, sendJson } from '../../middleware/contract';
import { ApiError } from '../../middleware/errors';
import { publicApiSecurityHeaders } from '../../middleware/security-headers';
import { validate } from '../../middleware/validate';

const noBoard = () => new ApiError(404, 'No public Up2 board at this URL.');

/**
 * `GET /api/oembed?url=…&format=json`: editors that speak oEmbed turn a pasted board link into the
 * embed. They fetch it from their own pages, so any origin may read it (CORS and CORP).
 */
export const oembedRoutes = new Hono<AppEnv>()
  .use(publicApiSecurityHeaders)
  .use(cors({ origin: '*', allowMethods: ['GET', 'HEAD', 'OPTIONS'], maxAge: 86400 }))
  .get(
    '/',
    documented({
      tag: 'Embeds',
      summary: 'oEmbed for a board link: the embed in an iframe (https://oembed.com)',
      answers: { 200: oembedAnswer },
      refusals: [400, 404, 501],
    }),
    validate('query', oembedQuery),
    async (c) => {
      const { url, format, maxwidth, maxheight } = c.req.valid('query');
      if (format !== 'json') throw new ApiError(501, 'Only format=json is offered.');
      const origin = new URL(c.req.url).origin;
      const username = boardUsernameFromUrl(c.env, origin, url);
      if (!username) throw noBoard();
      const owner = await findPublicBoardOwner(c.var.db, username);
      if (!owner) throw noBoard();
      c.header('cache-control', 'public, max-age=300, stale-while-revalidate=3600');
      return sendJson(c, boardOembed(c.env, origin, owner, { maxwidth, maxheight }), 200);
    },
  );
