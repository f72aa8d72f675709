import type { Context } from 'hono';
import { Hono } from 'hono';
import { fetchAppShell } from '../../../render/app-shell';
import { renderAuthPage } from '../../../render/auth-page';
import type { AppEnv } from '../../app-env';
import { changesNoBoard } from '../../middleware/board-changes';
import { appPageSecurityHeaders } from '../../middleware/security-headers';

/**
 * `/auth`: the web app's shell with Sign Up (or Sign In, `?tab=signin`) rendered in it, so the
 * form shows before any script runs. Signing in takes the app: the form, sent with no script
 * (a POST here, never its fields in the address), comes back as it was, saying so.
 */
async function authPage(c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  const shell = await fetchAppShell(c.env, c.req.url);
  if (!shell.ok) return c.newResponse(shell.body, shell);
  const search = url.searchParams.get('tab') === 'signin' ? '?tab=signin' : ('' as const);
  return renderAuthPage(shell, url.origin, search);
}

export const authPageRoutes = new Hono<AppEnv>()
  .get('/auth', appPageSecurityHeaders, authPage)
  .post('/auth', changesNoBoard, appPageSecurityHeaders, authPage);
