import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { ApiError } from './errors';

const jsonContentType = /^application\/([\w.-]+\+)?json\s*(;|$)/i;
const maxJsonBytes = 64 * 1024;

function carriesBody(request: Request): boolean {
  const length = request.headers.get('content-length');
  return length === null ? request.body !== null : Number(length) > 0;
}

/** Bodies sent to the JSON API must say they are JSON (415 otherwise). */
export const requireJsonBody = createMiddleware(async (c, next) => {
  if (carriesBody(c.req.raw) && !jsonContentType.test(c.req.header('content-type') ?? '')) {
    throw new ApiError(
      415,
      'Send the request body as JSON, with the header Content-Type: application/json.',
    );
  }
  await next();
});

/** Refuses a body over `maxBytes` with 413, from Content-Length before reading, or while streaming. */
export function limitBodySize(maxBytes: number, message: string) {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(413, message);
    },
  });
}

export const limitJsonBodySize = limitBodySize(
  maxJsonBytes,
  `The request body is too large: the limit is ${maxJsonBytes / 1024} KB.`,
);
