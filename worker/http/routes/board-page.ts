import { Hono } from 'hono';
import { renderBoardScreen } from '../../../web/server';
import { findPublicBoard } from '../../domain/boards/boards';
import { fetchAppShell, renderedOrNull, renderShellPage } from '../../render/app-shell';
import { notFoundBoardHead, publicBoardHead, usernameFromBoardPath } from '../../render/board-meta';
import { ogCardFingerprint, ogCardOf } from '../../render/og-card';
import type { AppEnv } from '../app-env';
import { cachedBoardResponse } from '../board-cache';
import { appPageSecurityHeaders } from '../middleware/security-headers';

/**
 * `/@alice` (also arriving as `/%40alice`): the web app's shell with the board rendered in it,
 * readable before any script runs, and a head that names the board for link previews and search
 * engines. Unknown and private boards answer 404 with Board Not Found.
 */
export const boardPage = new Hono<AppEnv>().get('/:handle', appPageSecurityHeaders, (c) => {
  const url = new URL(c.req.url);
  // Hono hands the parameter over decoded, so `/%40alice` reads `@alice` here too.
  const handle = c.req.param('handle');
  const username = handle.startsWith('@') ? usernameFromBoardPath(`/${handle}`) : undefined;
  // The page brings the board with it, so loading it is the view (the browser asks no API);
  // the cache counts it, served fresh or not.
  const answering = { request: c.req.raw, env: c.env, ctx: c.executionCtx };
  return cachedBoardResponse(answering, { kind: 'page', username }, async (db) => {
    const [shell, board] = await Promise.all([
      fetchAppShell(c.env, c.req.url),
      findPublicBoard(db, username),
    ]);
    if (!shell.ok) return { response: c.newResponse(shell.body, shell), boardId: null };
    const screen = await renderedOrNull(
      renderBoardScreen(url.origin, username ?? '', board?.body ?? null),
    );
    if (!board) {
      const page = renderShellPage(shell, { screen, head: notFoundBoardHead, status: 404 });
      return { response: page, boardId: null };
    }
    const ogImage = await ogCardFingerprint(ogCardOf(board.body));
    const head = publicBoardHead(c.env, url.origin, board.owner, ogImage);
    return {
      response: renderShellPage(shell, { screen, head, status: 200 }),
      boardId: board.owner.id,
    };
  });
});
