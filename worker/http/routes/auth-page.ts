import type { Context } from 'hono';
import { Hono } from 'hono';
import { documentTitle, renderAuthScreen } from '../../../web/server';
import { fetchAppShell, renderedOrNull, renderShellPage } from '../../render/app-shell';
import type { AppEnv } from '../app-env';
import { appPageSecurityHeaders } from '../middleware/security-headers';

/**
 * `/auth`: the web app's shell with Sign Up (or Sign In, `?tab=signin`) rendered in it, so the
 * form shows before any script runs. Signing in takes the app: the form, sent with no script
 * (a POST here, never its fields in the address), comes back as it was, saying so.
 */
async function authPage(c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  const shell = await fetchAppShell(c.env, c.req.url);
  if (!shell.ok) return c.newResponse(shell.body, shell);
  const search = url.searchParams.get('tab') === 'signin' ? '?tab=signin' : '';
  const screen = await renderedOrNull(renderAuthScreen(url.origin, search));
  const title = documentTitle(search ? 'Sign In' : 'Sign Up');
  const head = { title, description: "Share what you're up to these days", tags: [] };
  return renderShellPage(shell, { screen, head, status: 200 });
}

export const authPageRoutes = new Hono<AppEnv>()
  .get('/auth', appPageSecurityHeaders, authPage)
  .post('/auth', appPageSecurityHeaders, authPage);
