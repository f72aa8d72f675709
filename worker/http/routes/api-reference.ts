import { Scalar } from '@scalar/hono-api-reference';
import { Hono } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { openAPIRouteHandler } from 'hono-openapi';
import type { AppEnv } from '../app-env';

/** Served from this site's static assets (vite.config.ts), so the page works offline too. */
const scalarScript = '/api-reference/scalar.js';

const documentation = {
  info: {
    title: 'Up2 API',
    version: '1',
    description:
      'Everything the Up2 web app does, it does through this API. Answers are JSON; a refusal is `{ error, fields? }` with a status that says what kind. Signed-in calls send `Authorization: Bearer <token>` from `POST /auth/login`.',
  },
  servers: [{ url: '/api' }],
  components: {
    securitySchemes: { bearerAuth: { type: 'http' as const, scheme: 'bearer' } },
  },
};

/** The reference page runs Scalar's script (by nonce) and reads the document from here, nothing else. */
const referencePageHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    scriptSrc: [NONCE],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    baseUri: ["'none'"],
    formAction: ["'none'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
});

/**
 * `/api/openapi.json`, generated from the routes' own contracts (`documented` and `validate`), and
 * `/api/docs`, a readable reference of it.
 */
export function apiReference<Api extends Hono<AppEnv>>(api: Api) {
  return new Hono<AppEnv>().get('/openapi.json', openAPIRouteHandler(api, { documentation })).get(
    '/docs',
    referencePageHeaders,
    Scalar((c) => ({
      url: '/api/openapi.json',
      cdn: scalarScript,
      nonce: c.get('secureHeadersNonce'),
      pageTitle: 'Up2 API reference',
      withDefaultFonts: false,
      hideClientButton: true,
      defaultOpenAllTags: true,
      // Nothing leaves for Scalar's own services: no telemetry, no AI agent, no MCP shortcuts.
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
    })),
  );
}
