import { Hono } from 'hono';
import { embedSecurityHeaders } from '../middleware/security-headers';
import { renderEmbedNotFound, renderEmbedPage } from '../pages/embed-page';
import { cachedBoardResponse } from '../services/board-cache';
import { usernameFromBoardPath } from '../services/board-meta';
import { findPublicBoard } from '../services/boards';
import { getDb } from '../services/db';
import type { AppEnv } from '../types';

/**
 * `/embed/@alice` (also `/embed/alice`): the board rendered on the server for another site's
 * iframe. No web app bundle: HTML and inline CSS, readable with JavaScript off. The only page
 * any site may frame. An embed carries no sign-in, so it is always the cacheable public
 * rendition, and every load, cached or not, is a view.
 */
export const embedPage = new Hono<AppEnv>().use(embedSecurityHeaders).get('/:handle', (c) => {
  const username = usernameFromBoardPath(`/${c.req.param('handle')}`);
  const answering = { request: c.req.raw, env: c.env, ctx: c.executionCtx };
  return cachedBoardResponse(answering, { kind: 'embed', username }, async () => {
    const board = await findPublicBoard(getDb(c.env), username);
    if (!board) {
      const rendered = await renderEmbedNotFound();
      const headers = { 'Content-Security-Policy': rendered.contentSecurityPolicy };
      return { response: c.html(rendered.html, 404, headers), boardId: null };
    }
    const rendered = await renderEmbedPage(board.body, new URL(c.req.url).origin);
    const headers = { 'Content-Security-Policy': rendered.contentSecurityPolicy };
    return { response: c.html(rendered.html, 200, headers), boardId: board.owner.id };
  });
});
