import { Hono } from 'hono';
import { tabCursorText, tabPageAskedIn } from '../../../../schema/board-pages';
import { embedQuery } from '../../../../schema/boards';
import { findPublicBoard } from '../../../domain/boards/boards';
import { answeringOf } from '../../../platform/edge-cache';
import { readerStylesheet } from '../../../render/app-shell';
import { usernameFromBoardPath } from '../../../render/board-meta';
import { renderEmbedNotFound, renderEmbedPage } from '../../../render/embed-page';
import type { AppEnv } from '../../app-env';
import { cachedBoardResponse } from '../../board-cache';
import { embedSecurityHeaders } from '../../middleware/security-headers';
import { validate } from '../../middleware/validate';

/**
 * `/embed/@alice` (also `/embed/alice`), `?theme=light|dark|auto`: the board rendered on the
 * server for another site's iframe, by the board page's own components, with the reader's stylesheet
 * and no app: readable with JavaScript off. The only page any site may frame. An embed carries no
 * sign-in, so it is always the cacheable public rendition (one per theme, and per tab page asked
 * for with `?done=<cursor>` as on the board page), and every load, cached or not, is a view.
 */
export const embedPage = new Hono<AppEnv>()
  .use(embedSecurityHeaders)
  .get('/:handle', validate('query', embedQuery), (c) => {
    const username = usernameFromBoardPath(`/${c.req.param('handle')}`);
    const { theme } = c.req.valid('query');
    const answering = answeringOf(c);
    const asked = tabPageAskedIn(new URL(c.req.url).searchParams);
    const variant = asked ? `${theme}/${asked.status}/${tabCursorText(asked.after)}` : theme;
    return cachedBoardResponse(answering, { kind: 'embed', username, variant }, async (db) => {
      const [board, stylesheet] = await Promise.all([
        findPublicBoard(db, username, asked),
        readerStylesheet(c.env, c.req.url),
      ]);
      const look = { theme, stylesheet };
      if (!board) {
        const rendered = await renderEmbedNotFound(look);
        const headers = { 'Content-Security-Policy': rendered.contentSecurityPolicy };
        return { response: c.html(rendered.html, 404, headers), boardId: null };
      }
      const rendered = await renderEmbedPage(board.body, new URL(c.req.url).origin, look, asked);
      const headers = { 'Content-Security-Policy': rendered.contentSecurityPolicy };
      return { response: c.html(rendered.html, 200, headers), boardId: board.owner.id };
    });
  });
