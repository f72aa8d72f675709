import { Hono } from 'hono';
import { pageSecurityHeaders } from '../middleware/security-headers';
import type { AppEnv } from '../types';

/**
 * Board and embed links (`/@alice`, `/embed/@alice`) reach the Worker first (see run_worker_first);
 * until they are rendered on the server, they answer with the web app's shell.
 */
function appShell(frameable: boolean) {
  return new Hono<AppEnv>()
    .use((c, next) =>
      pageSecurityHeaders({ frameable, development: c.env.ENVIRONMENT === 'development' })(c, next),
    )
    .get('/:handle', async (c) => {
      const shell = await c.env.ASSETS.fetch(new URL('/', c.req.url));
      return c.newResponse(shell.body, shell);
    });
}

export const boardPages = appShell(false);
export const embedPages = appShell(true);
