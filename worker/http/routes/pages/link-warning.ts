import { Hono } from 'hono';
import { findBlockLink } from '../../../domain/boards/boards';
import { readerStylesheet } from '../../../render/app-shell';
import { renderLinkWarning } from '../../../render/link-warning';
import type { AppEnv } from '../../app-env';
import { handleNotFound } from '../../middleware/errors';
import { appPageSecurityHeaders } from '../../middleware/security-headers';

/**
 * `/leave/12`: where a block's Visit Link leads when its site was blocked by a moderator: a
 * warning with Go back and Continue anyway. A link no longer blocked is followed (302); only a
 * visible block's own link is ever named, so this sends nobody anywhere else.
 */
export const linkWarningPage = new Hono<AppEnv>().get(
  '/leave/:id{[0-9]{1,15}}',
  appPageSecurityHeaders,
  async (c) => {
    const found = await findBlockLink(c.var.db, Number(c.req.param('id')));
    if (!found) return handleNotFound(c);
    if (!found.reported) return c.redirect(found.link, 302);
    const stylesheet = await readerStylesheet(c.env, c.req.url);
    const board = new URL(`/@${found.username}`, c.req.url);
    c.header('cache-control', 'no-store');
    return c.html(renderLinkWarning({ link: found.link, board, stylesheet }));
  },
);
