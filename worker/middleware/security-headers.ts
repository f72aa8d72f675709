import { secureHeaders } from 'hono/secure-headers';

/** API responses are data, never pages: nothing in them may run, load or be framed. */
export const apiSecurityHeaders = secureHeaders({
  strictTransportSecurity: 'max-age=63072000; includeSubDomains; preload',
  xContentTypeOptions: 'nosniff',
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    frameAncestors: ["'none'"],
  },
  crossOriginResourcePolicy: 'same-origin',
});

/** Pages the Worker answers (board and embed shells). Embeds may be framed by any site. */
export function pageSecurityHeaders({
  frameable,
  development,
}: {
  frameable: boolean;
  development: boolean;
}) {
  return secureHeaders({
    strictTransportSecurity: 'max-age=63072000; includeSubDomains; preload',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: frameable ? false : 'DENY',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    // Vite's dev server injects inline scripts and a websocket; production pages need neither.
    contentSecurityPolicy: development
      ? { frameAncestors: [frameable ? '*' : "'none'"] }
      : {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'https:', 'data:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          frameAncestors: [frameable ? '*' : "'none'"],
        },
  });
}
