import { Hono } from 'hono';
import { ApiError } from '../middleware/errors';
import { pageSecurityHeaders } from '../middleware/security-headers';
import { renderEmbedNotFound, renderEmbedPage } from '../pages/embed-page';
import { getBoard } from '../services/boards';
import { getDb } from '../services/db';
import { recordView } from '../services/views';
import type { AppEnv } from '../types';

type EmbedEnv = {
  Bindings: AppEnv['Bindings'];
  Variables: AppEnv['Variables'] & { contentSecurityPolicy?: string };
};

const username = /^[a-z0-9]{1,20}$/;

/** The board as the public sees it, or null when unknown or private (no query for a bad name). */
async function findPublicBoard(env: Env, handle: string) {
  const name = handle.replace(/^@/, '').toLowerCase();
  if (!username.test(name)) return null;
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
export const embedPage = new Hono<EmbedEnv>()
  .use(async (c, next) => {
    await next();
    // Replaces the site-wide page policy, written by the middleware below once the page is done.
    const policy = c.get('contentSecurityPolicy');
    if (policy) c.res.headers.set('Content-Security-Policy', policy);
  })
  .use((c, next) =>
    pageSecurityHeaders({ frameable: true, development: c.env.ENVIRONMENT === 'development' })(
      c,
      next,
    ),
  )
  .get('/:handle', async (c) => {
    const board = await findPublicBoard(c.env, c.req.param('handle'));
    if (!board) {
      const rendered = await renderEmbedNotFound();
      c.set('contentSecurityPolicy', rendered.contentSecurityPolicy);
      return c.html(rendered.html, 404);
    }
    // Counted like GET /api/boards/:username, after the answer is sent. An embed carries no
    // sign-in, so there is no owner to leave out: every load is a view.
    c.executionCtx.waitUntil(recordView(c.env, board.owner.id));
    const rendered = await renderEmbedPage(board.body, new URL(c.req.url).origin);
    c.set('contentSecurityPolicy', rendered.contentSecurityPolicy);
    return c.html(rendered.html, 200);
  });
