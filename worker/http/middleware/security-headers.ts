import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { appPageScriptHashes } from '../../render/page-scripts';
import type { AppEnv } from '../app-env';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/** One value everywhere: web/public/_headers names the same for the static files. */
export const strictTransportSecurity = 'max-age=63072000; includeSubDomains; preload';

const transportHeaders: SecureHeadersOptions = {
  strictTransportSecurity,
  xContentTypeOptions: 'nosniff',
  referrerPolicy: 'strict-origin-when-cross-origin',
};

const dataPolicy = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };

const dataHeaders: SecureHeadersOptions = {
  ...transportHeaders,
  xFrameOptions: 'DENY',
  contentSecurityPolicy: dataPolicy,
};

/** API responses are data, never pages: nothing in them may run, load or be framed. */
export const apiSecurityHeaders = secureHeaders({
  ...dataHeaders,
  crossOriginResourcePolicy: 'same-origin',
});

/**
 * The API answers other sites read directly (oEmbed, link-preview cards): the same data rules,
 * but readable cross-origin.
 */
export const publicApiSecurityHeaders = secureHeaders({
  ...dataHeaders,
  contentSecurityPolicy: { ...dataPolicy, sandbox: [] },
  crossOriginResourcePolicy: 'cross-origin',
});

/**
 * Feeds: read by feed readers, which may be other sites, and opened in browsers, whose XML viewer
 * runs a script of its own that a sandbox would block. The data rules otherwise: nothing of the
 * feed's own may run or load.
 */
export const feedSecurityHeaders = secureHeaders({
  ...dataHeaders,
  crossOriginResourcePolicy: 'cross-origin',
});

/**
 * The embed, the one page any site may frame: no X-Frame-Options, and no CSP from here, since the
 * route writes a policy naming the hashes of that page's own inline style and script.
 */
export const embedSecurityHeaders = secureHeaders({
  ...transportHeaders,
  xFrameOptions: false,
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: false,
});

function appPageHeaders(scriptHashes: string[], mode: 'development' | 'production') {
  return secureHeaders({
    ...transportHeaders,
    xFrameOptions: 'DENY',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    // Vite's dev server injects inline scripts and a websocket; production pages need neither.
    contentSecurityPolicy:
      mode === 'development'
        ? { frameAncestors: ["'none'"], formAction: ["'self'"] }
        : {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", ...scriptHashes],
            imgSrc: ["'self'", 'https:', 'data:'],
            styleSrc: ["'self'", "'unsafe-inline'"],
            fontSrc: ["'self'", 'data:'],
            connectSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            // A form injected into a page can post nowhere but here.
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
          },
  });
}

// Built once per isolate: the policy is the same for every page, and hashing it is not free.
let appPageHeadersByMode:
  | Promise<Record<'development' | 'production', ReturnType<typeof secureHeaders>>>
  | undefined;

/**
 * Pages of the web app the Worker renders (the landing page, boards): never framed; the inline
 * scripts they carry (the built shell's theme script, the viewer script) run because their
 * hashes are named.
 */
export const appPageSecurityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  appPageHeadersByMode ??= appPageScriptHashes().then((hashes) => ({
    development: appPageHeaders(hashes, 'development'),
    production: appPageHeaders(hashes, 'production'),
  }));
  const byMode = await appPageHeadersByMode;
  return byMode[c.env.ENVIRONMENT === 'development' ? 'development' : 'production'](c, next);
});
