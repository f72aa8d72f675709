import type { Context } from 'hono';
import { Hono } from 'hono';
import { fetchAppShell } from '../../../render/app-shell';
import { type LegalPath, renderLegalPage } from '../../../render/legal-page';
import type { AppEnv } from '../../app-env';
import { appPageSecurityHeaders } from '../../middleware/security-headers';

/** The Terms of Service and the Privacy Policy, read whole before any script runs. */
function legalPage(path: LegalPath) {
  return async (c: Context<AppEnv>) => {
    const shell = await fetchAppShell(c.env, c.req.url);
    if (!shell.ok) return c.newResponse(shell.body, shell);
    return renderLegalPage(shell, new URL(c.req.url).origin, path);
  };
}

export const legalPages = new Hono<AppEnv>()
  .get('/terms', appPageSecurityHeaders, legalPage('/terms'))
  .get('/privacy', appPageSecurityHeaders, legalPage('/privacy'));
