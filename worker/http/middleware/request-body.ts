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

/** The largest refused body still read to its end before the answer goes. */
const maxDrainedBytes = 32 * 1024 * 1024;

/**
 * A body refused unread (413 from its Content-Length, 401 before an upload) is read to its end, up
 * to 32 MB, before the answer goes. Answered early, the local runtime closes the connection under
 * a client still sending, which then sees a broken pipe or a 500 page instead of the refusal.
 */
export const drainRefusedBody = createMiddleware(async (c, next) => {
  await next();
  const request = c.req.raw;
  const length = Number(request.headers.get('content-length'));
  if (c.res.status < 400 || !request.body || request.bodyUsed || !(length <= maxDrainedBytes))
    return;
  await request.body.pipeTo(new WritableStream()).catch(() => undefined);
});
