import { Scalar } from '@scalar/hono-api-reference';
import { Hono } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { generateSpecs } from 'hono-openapi';
import { z } from 'zod';
import { errorAnswer } from '../../../../schema/errors';
import type { AppEnv } from '../../app-env';
import { type RefusalStatus, refusalMeanings } from '../../middleware/contract';
import { apiSecurityHeaders, strictTransportSecurity } from '../../middleware/security-headers';

/** Served from this site's static assets (vite.config.ts), so the page works offline too. */
const scalarScript = '/api-reference/scalar.js';

const documentation = {
  info: {
    title: 'Up2 API',
    version: '1',
    description:
      'Everything the Up2 web app does, it does through this API. Answers are JSON; a refusal is `{ error, fields? }` with a status that says what kind. Signed-in calls send `Authorization: Bearer <token>` from `POST /auth/login`.\n\n' +
      "**Scripts** send a personal access token instead (made in Account Settings, or `POST /account/tokens`; shown once): `Authorization: Bearer up2_pat_…`. It works only on the block and board routes that say so, within its scopes (`read`, `blocks:write`); elsewhere it is refused with 403. Each token may make 60 calls a minute (then 429 with Retry-After). Move a block's progress:\n\n" +
      '```sh\ncurl -X PUT https://up2.example/api/blocks/12 \\\n  -H "Authorization: Bearer $UP2_TOKEN" \\\n  -H \'content-type: application/json\' -d \'{"progress":70}\'\n```',
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
  strictTransportSecurity,
});

type Specs = Awaited<ReturnType<typeof generateSpecs>>;

/**
 * What every route taking JSON answers before its handler runs (http/app.ts: a body that is not
 * JSON, or over 64 KB): declared on each such operation, so no route can forget them.
 */
const jsonBodyRefusals: RefusalStatus[] = [400, 413, 415];

function withBodyRefusals(specs: Specs): Specs {
  for (const operations of Object.values(specs.paths)) {
    for (const operation of Object.values(operations ?? {})) {
      if (typeof operation !== 'object' || !operation || !('responses' in operation)) continue;
      const body = operation.requestBody;
      if (!body || !('content' in body) || !body.content['application/json']) continue;
      const answers = jsonBodyRefusals.map((status) => [
        status,
        {
          description: refusalMeanings[status],
          content: { 'application/json': { schema: z.toJSONSchema(errorAnswer) } },
        },
      ]);
      operation.responses = { ...Object.fromEntries(answers), ...operation.responses };
    }
  }
  return specs;
}

// Generated once per isolate: the routes do not change while it runs.
let document: Promise<Specs> | undefined;

/**
 * `/api/openapi.json`, generated from the routes' own contracts (`documented` and `validate`), and
 * `/api/docs`, a readable reference of it.
 */
export function apiReference<Api extends Hono<AppEnv>>(api: Api) {
  return new Hono<AppEnv>()
    .get('/openapi.json', apiSecurityHeaders, async (c) => {
      document ??= generateSpecs(api, { documentation }).then(withBodyRefusals);
      return c.json(await document);
    })
    .get(
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
