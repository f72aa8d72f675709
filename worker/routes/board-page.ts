import { Hono } from 'hono';
import { pageSecurityHeaders } from '../middleware/security-headers';
import {
  findPublicBoardOwner,
  notFoundBoardHead,
  publicBoardHead,
  rewriteShellHead,
  usernameFromBoardPath,
} from '../services/board-meta';
import { getDb } from '../services/db';
import type { AppEnv } from '../types';

/**
 * `/@alice` (also arriving as `/%40alice`): the web app's shell, which loads the board, with a
 * head that names the board for link previews and search engines. Unknown and private boards
 * answer 404 with the same shell, which then shows Board Not Found.
 */
export const boardPage = new Hono<AppEnv>()
  .use((c, next) =>
    pageSecurityHeaders({ development: c.env.ENVIRONMENT === 'development' })(c, next),
  )
  .get('/:handle', async (c) => {
    const url = new URL(c.req.url);
    // Hono hands the parameter over decoded, so `/%40alice` reads `@alice` here too.
    const handle = c.req.param('handle');
    const username = handle.startsWith('@') ? usernameFromBoardPath(`/${handle}`) : undefined;
    const [shell, owner] = await Promise.all([
      c.env.ASSETS.fetch(new URL('/', url)),
      username ? findPublicBoardOwner(getDb(c.env), username) : undefined,
    ]);
    // No built shell (dist/ missing): its own answer says more than a rewritten error page.
    if (!shell.ok) return c.newResponse(shell.body, shell);
    return owner
      ? rewriteShellHead(shell, publicBoardHead(c.env, url.origin, owner), 200)
      : rewriteShellHead(shell, notFoundBoardHead, 404);
  });
