import { expect, test } from './support/fixtures';
import { readServerLog } from './support/server-log';
import { createUser } from './support/users';

const twelveMegabytes = Buffer.alloc(12 * 1024 * 1024);
const imageTooLarge = { error: 'The image is too large: the limit is 2 MB.' };

/** A 12 MB picture as a browser form sends it. */
function bigPictureForm(): FormData {
  const form = new FormData();
  form.append('file', new Blob([twelveMegabytes], { type: 'image/png' }), 'big.png');
  return form;
}

test('an oversize upload or JSON body is answered 413 with the API error body', async ({
  request,
}) => {
  const owner = await createUser(request, { prefix: 'big' });
  const headers = { authorization: `Bearer ${owner.token}` };

  const upload = await request.post('/api/upload/avatar', {
    headers,
    multipart: { file: { name: 'big.png', mimeType: 'image/png', buffer: twelveMegabytes } },
  });
  expect(upload.status()).toBe(413);
  expect(await upload.json()).toEqual(imageTooLarge);

  const json = await request.post('/api/blocks', {
    headers,
    data: { title: 'x'.repeat(2 * 1024 * 1024) },
  });
  expect(json.status()).toBe(413);
  expect(await json.json()).toEqual({
    error: 'The request body is too large: the limit is 64 KB.',
  });
});

test("Node's fetch, still sending 12 MB when the refusal comes, reads the 413 or the 401 every time", async ({
  request,
  baseURL,
}) => {
  // Before: a broken pipe, or a 500 page when the local runtime closed the Worker's connection.
  const owner = await createUser(request, { prefix: 'bignode' });
  for (let attempt = 0; attempt < 4; attempt++) {
    const refused = await fetch(`${baseURL}/api/upload/block-image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: bigPictureForm(),
    });
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual(imageTooLarge);

    const signedOut = await fetch(`${baseURL}/api/upload/avatar`, {
      method: 'POST',
      body: bigPictureForm(),
    });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ error: 'Please sign in first.' });
  }
});

test('the built server asks nothing of the network: no lookup of Cloudflare for request details', async () => {
  const log = await readServerLog();
  expect(log).not.toContain('ENOTFOUND');
  expect(log).not.toContain('Unable to fetch the `Request.cf` object');
});
