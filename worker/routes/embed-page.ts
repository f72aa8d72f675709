import { Hono } from 'hono';
import { ApiError } from '../middleware/errors';
import { embedSecurityHeaders } from '../middleware/security-headers';
import { renderEmbedNotFound, renderEmbedPage } from '../pages/embed-page';
import { usernameFromBoardPath } from '../services/board-meta';
import { getBoard } from '../services/boards';
import { getDb } from '../services/db';
import { recordView } from '../services/views';
import type { AppEnv } from '../types';

/** The board as the public sees it, or null when unknown or private (no query for a bad name). */
async function findPublicBoard(env: Env, handle: string) {
  const name = usernameFromBoardPath(`/${handle}`);
  if (!name) return null;
  try {
    return await getBoard(getDb(env), env, name, null);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * `/embed/@alice` (also `/embed/alice`): the board rendered on the server for another site's
 * iframe. No web app bundle: HTML and inline CSS, readable with JavaScript off. The only page
 * any site may frame.
 */
export const embedPage = new Hono<AppEnv>().use(embedSecurityHeaders).get('/:handle', async (c) => {
  const board = await findPublicBoard(c.env, c.req.param('handle'));
  if (!board) {
    const rendered = await renderEmbedNotFound();
    c.header('Content-Security-Policy', rendered.contentSecurityPolicy);
    return c.html(rendered.html, 404);
  }
  // Counted like GET /api/boards/:username, after the answer is sent. An embed carries no
  // sign-in, so there is no owner to leave out: every load is a view.
  c.executionCtx.waitUntil(recordView(c.env, board.owner.id));
  const rendered = await renderEmbedPage(board.body, new URL(c.req.url).origin);
  c.header('Content-Security-Policy', rendered.contentSecurityPolicy);
  return c.html(rendered.html, 200);
});
