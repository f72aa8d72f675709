import { Hono } from 'hono';
import { pageSecurityHeaders } from '../middleware/security-headers';
import type { AppEnv } from '../types';

/** `/@alice` (also arriving as `/%40alice`): the web app's shell, which loads the board. */
export const boardPage = new Hono<AppEnv>()
  .use((c, next) =>
    pageSecurityHeaders({ frameable: false, development: c.env.ENVIRONMENT === 'development' })(
      c,
      next,
    ),
  )
  .get('/:handle', async (c) => {
    const shell = await c.env.ASSETS.fetch(new URL('/', c.req.url));
    return c.newResponse(shell.body, shell);
  });
