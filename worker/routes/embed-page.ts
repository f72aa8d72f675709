import { Hono } from 'hono';
import { pageSecurityHeaders } from '../middleware/security-headers';
import type { AppEnv } from '../types';

/** `/embed/@alice`: the only page any site may frame. */
export const embedPage = new Hono<AppEnv>()
  .use((c, next) =>
    pageSecurityHeaders({ frameable: true, development: c.env.ENVIRONMENT === 'development' })(
      c,
      next,
    ),
  )
  .get('/:handle', async (c) => {
    const shell = await c.env.ASSETS.fetch(new URL('/', c.req.url));
    return c.newResponse(shell.body, shell);
  });
