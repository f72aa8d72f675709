import { Hono } from 'hono';
import { unfurlAnswer, unfurlInput } from '../../../../schema/unfurl';
import type { AppEnv } from '../../app-env';
import { requireAuth } from '../../middleware/auth';
import { changesNoBoard } from '../../middleware/board-changes';
import { documented, sendJson } from '../../middleware/contract';
import { rateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';

export const unfurlRoutes = new Hono<AppEnv>().post(
  '/',
  documented({
    tag: 'Blocks',
    summary:
      "Read a page's title, description, site name, picture and icon (Open Graph, Twitter card, JSON-LD, oEmbed) to fill a block",
    description:
      'http and https links only, no private addresses, at most 3 redirects, 1 MB and 5 seconds. The picture is copied into Up2 and `imageUrl` is its address here.',
    answers: { 200: unfurlAnswer },
    refusals: [400, 401, 422, 429],
  }),
  changesNoBoard,
  requireAuth,
  validate('json', unfurlInput),
  rateLimit('UNFURL_LIMITER', 'unfurl', (c) => String(c.var.viewer?.id)),
  async (c) => {
    // The page readers (HTML, oEmbed, JSON-LD) load with an isolate's first link preview.
    const { unfurl } = await import('../../../domain/blocks/unfurl');
    const answer = await unfurl(c.env, c.var.viewer.id, c.req.valid('json').url);
    return sendJson(c, answer, 200);
  },
);
