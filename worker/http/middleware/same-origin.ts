import { createMiddleware } from 'hono/factory';
import { ApiError } from './errors';

const jsonContentType = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/**
 * For calls only our own pages make (a "Visit Link" click): refuses what another site's page can
 * send. A browser names the sender in `Sec-Fetch-Site` and `Origin`; a page elsewhere cannot send
 * JSON to us without a CORS preflight we never grant, so a form or a `no-cors` fetch is refused
 * too. Our embed, framed on another site, is our own origin: its calls pass.
 */
export const refuseOtherSites = createMiddleware(async (c, next) => {
  const site = c.req.header('sec-fetch-site');
  const origin = c.req.header('origin');
  if ((site && site !== 'same-origin') || (origin && origin !== new URL(c.req.url).origin)) {
    throw new ApiError(403, 'Up2 counts this only when it comes from its own pages.');
  }
  if (!jsonContentType.test(c.req.header('content-type') ?? '')) {
    throw new ApiError(
      415,
      'Send the request body as JSON, with the header Content-Type: application/json.',
    );
  }
  await next();
});
