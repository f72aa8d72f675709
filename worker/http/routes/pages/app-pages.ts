import { Hono } from 'hono';
import { fetchAppShell } from '../../../render/app-shell';
import { pageAt, renderNotFoundPage } from '../../../render/not-found-page';
import type { AppEnv } from '../../app-env';
import { appPageSecurityHeaders } from '../../middleware/security-headers';
import { boardPage } from './board-page';

function decodedPath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/**
 * Every page no other route drew (static files never reach the Worker), sorted as the web app's
 * router sorts them: a board (`/@alice`, also arriving as `/%40alice`); a board's address in
 * another spelling (`/alice`, `/@alice/`), moved to `/@alice`; a screen the browser renders (the
 * dashboard, password reset…), the built shell; anything else the spec's 404 page, answered
 * with status 404 so search engines and link checkers see it.
 */
export const appPages = new Hono<AppEnv>().get('*', appPageSecurityHeaders, async (c) => {
  const url = new URL(c.req.url);
  const path = decodedPath(url.pathname);
  const page = path === null ? ({ page: 'not-found' } as const) : pageAt(path);
  if (page.page === 'board') {
    if (page.handle.startsWith('@') && path === `/${page.handle}`) return boardPage(c, page.handle);
    const username = encodeURIComponent(page.handle.replace(/^@/, ''));
    return c.redirect(`/@${username}${url.search}`, 301);
  }
  const shell = await fetchAppShell(c.env, c.req.url);
  if (!shell.ok) return c.newResponse(shell.body, shell);
  if (page.page === 'screen') return c.newResponse(shell.body, shell);
  return renderNotFoundPage(shell, url.origin, url.pathname);
});
