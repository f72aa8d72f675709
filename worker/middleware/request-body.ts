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
export function limitBodySize(maxBytes: number, what: string) {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(413, `${what} is too large: the limit is ${formatBytes(maxBytes)}.`);
    },
  });
}

export const limitJsonBodySize = limitBodySize(maxJsonBytes, 'The request body');

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;
}
