import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';

const megabyte = 1024 * 1024;

/** A picture upload of `megabytes`, sent a megabyte at a time; `taken()` says how many were read. */
function countedUpload(
  megabytes: number,
  headers: Record<string, string> = {},
  { chunked = false } = {},
) {
  let taken = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (taken === megabytes) return controller.close();
      taken += 1;
      controller.enqueue(new Uint8Array(megabyte));
    },
  });
  const request = new Request('http://up2.test/api/upload/avatar', {
    method: 'POST',
    body,
    headers: {
      ...headers,
      'content-type': 'image/png',
      ...(chunked ? {} : { 'content-length': String(megabytes * megabyte) }),
      'cf-connecting-ip': '203.0.113.50',
    },
  });
  return { request, taken: () => taken };
}

describe('a body refused before it is read', () => {
  it('is read to its end before the 413 goes, so a client still sending receives the answer', async () => {
    const owner = await createUser();
    const upload = countedUpload(12, { authorization: `Bearer ${owner.token}` });
    const response = await exports.default.fetch(upload.request);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'The image is too large: the limit is 2 MB.' });
    expect(upload.taken()).toBe(12);
  });

  it('sent in chunks with no Content-Length, is refused with 413 when it passes the limit, and read to its end', async () => {
    const owner = await createUser();
    const upload = countedUpload(12, { authorization: `Bearer ${owner.token}` }, { chunked: true });
    const response = await exports.default.fetch(upload.request);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'The image is too large: the limit is 2 MB.' });
    expect(upload.taken()).toBe(12);
  });

  it('is read to its end before the 401 goes too', async () => {
    const upload = countedUpload(3);
    const response = await exports.default.fetch(upload.request);
    expect(response.status).toBe(401);
    expect(upload.taken()).toBe(3);
  });

  it('is left unread past 32 MB, where reading it would cost more than the answer is worth', async () => {
    const owner = await createUser();
    const upload = countedUpload(40, { authorization: `Bearer ${owner.token}` });
    const response = await exports.default.fetch(upload.request);
    expect(response.status).toBe(413);
    expect(upload.taken()).toBeLessThan(40);
  });
});
