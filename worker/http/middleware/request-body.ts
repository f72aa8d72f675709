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

/** The largest refused body still read to its end before the answer goes. */
const maxDrainedBytes = 32 * 1024 * 1024;

/** Reads what is left of a refused body, up to 32 MB in all, and drops it. */
async function drainRest(reader: ReadableStreamDefaultReader<Uint8Array>, read: number) {
  let size = read;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > maxDrainedBytes) return reader.cancel();
  }
}

/**
 * Refuses a body over `maxBytes` with 413: from Content-Length before reading, or while reading a
 * body sent in chunks, which is then read on to its end (up to 32 MB) before the answer goes, as a
 * refused body with a length is (`drainRefusedBody`).
 */
export function limitBodySize(maxBytes: number, message: string) {
  const byLength = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(413, message);
    },
  });
  return createMiddleware(async (c, next) => {
    const { body, headers } = c.req.raw;
    if (!body || (headers.has('content-length') && !headers.has('transfer-encoding'))) {
      return byLength(c, next);
    }
    const reader = body.getReader();
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let size = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      size += chunk.value.byteLength;
      if (size > maxBytes) {
        await drainRest(reader, size);
        throw new ApiError(413, message);
      }
      chunks.push(chunk.value.slice());
    }
    c.req.raw = new Request(c.req.raw, { body: new Blob(chunks) });
    await next();
  });
}

export const limitJsonBodySize = limitBodySize(
  maxJsonBytes,
  `The request body is too large: the limit is ${maxJsonBytes / 1024} KB.`,
);

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
