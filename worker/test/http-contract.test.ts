import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, createUser, type TestUser } from './factories';

type Probe = {
  name: string;
  status: number;
  send: (user: TestUser) => Promise<Response>;
};

const jsonHeaders = { 'content-type': 'application/json' };
const overLimitJson = JSON.stringify({
  username: 'x'.repeat(70 * 1024),
  password: 'up2-test-passphrase',
});

/** A body that arrives in chunks, with no Content-Length to check up front. */
function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const chunk = 8 * 1024;
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + chunk));
      offset += chunk;
    },
  });
}

function streamedJson(path: string, text: string, token?: string) {
  const headers = new Headers({ ...jsonHeaders, 'cf-connecting-ip': '10.200.0.1' });
  if (token) headers.set('authorization', `Bearer ${token}`);
  return exports.default.fetch(`http://up2.test${path}`, {
    method: 'POST',
    headers,
    body: streamOf(text),
  });
}

/** The API's one error shape: `{ error }`, plus `fields` (field name to message) on validation. */
async function expectErrorShape(response: Response, withFields = false) {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(typeof body.error).toBe('string');
  expect((body.error as string).length).toBeGreaterThan(0);
  for (const key of Object.keys(body)) expect(['error', 'fields']).toContain(key);
  if (withFields || 'fields' in body) {
    expect(body.fields).toBeTypeOf('object');
    for (const message of Object.values(body.fields as object))
      expect(typeof message).toBe('string');
  }
  return body;
}

describe('request bodies', () => {
  it.each([
    ['/api/auth/login', 'POST', '{"username": "someone", '],
    ['/api/auth/register', 'POST', '{not json}'],
    ['/api/feedback', 'POST', "{'title': 'single quotes'}"],
  ])(
    'answers malformed JSON sent to %s with 400 and an error message',
    async (path, method, body) => {
      const response = await call(method, path, { body, headers: jsonHeaders });
      expect(response.status).toBe(400);
      await expectErrorShape(response);
    },
  );

  it('answers malformed JSON from a signed-in user with 400, not 500', async () => {
    const user = await createUser();
    const response = await call('PUT', '/api/auth/me', {
      token: user.token,
      body: '{"bio": ',
      headers: jsonHeaders,
    });
    expect(response.status).toBe(400);
    await expectErrorShape(response);
  });

  it.each([
    ['null', 'null'],
    ['an array', '[]'],
    ['a number', '42'],
    ['a string', '"hello"'],
  ])('answers JSON that is %s where an object is expected with 400', async (_kind, body) => {
    const response = await call('POST', '/api/auth/login', { body, headers: jsonHeaders });
    expect(response.status).toBe(400);
    await expectErrorShape(response);
  });

  it.each([
    ['text/plain', '/api/auth/login'],
    ['text/plain', '/api/feedback'],
    ['application/x-www-form-urlencoded', '/api/auth/register'],
    ['multipart/form-data; boundary=x', '/api/auth/login'],
  ])('answers a %s body sent to the JSON route %s with 415', async (contentType, path) => {
    const response = await call('POST', path, {
      body: JSON.stringify({ username: 'someone', password: 'up2-test-passphrase' }),
      headers: { 'content-type': contentType },
    });
    expect(response.status).toBe(415);
    const body = await expectErrorShape(response);
    expect(body.error).toContain('application/json');
  });

  it('answers a body sent without any Content-Type to a JSON route with 415', async () => {
    const response = await exports.default.fetch('http://up2.test/api/auth/login', {
      method: 'POST',
      headers: { 'cf-connecting-ip': '10.200.0.2' },
      body: new TextEncoder().encode('{"username":"a","password":"b"}'),
    });
    expect(response.status).toBe(415);
    await expectErrorShape(response);
  });

  it('accepts a JSON content type with a charset', async () => {
    const response = await call('POST', '/api/auth/login', {
      body: JSON.stringify({ username: 'nobodyatall', password: 'up2-test-passphrase' }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(response.status).toBe(401);
  });

  it('answers a JSON body over 64 KB with 413', async () => {
    const response = await call('POST', '/api/auth/login', {
      body: overLimitJson,
      headers: jsonHeaders,
    });
    expect(response.status).toBe(413);
    const body = await expectErrorShape(response);
    expect(body.error).toContain('64 KB');
  });

  it('answers a JSON body over 64 KB streamed without Content-Length with 413', async () => {
    const response = await streamedJson('/api/feedback', overLimitJson);
    expect(response.status).toBe(413);
    await expectErrorShape(response);
  });

  it('accepts a streamed JSON body under the limit', async () => {
    const response = await streamedJson(
      '/api/feedback',
      JSON.stringify({ title: 'Streamed', description: 'Sent in chunks, under the limit.' }),
    );
    expect(response.status).toBe(201);
  });
});

describe('the error shape', () => {
  const probes: Probe[] = [
    {
      name: '400 validation',
      status: 400,
      send: () => call('POST', '/api/auth/register', { body: { username: 'ab' } }),
    },
    {
      name: '401 signed out',
      status: 401,
      send: () => call('GET', '/api/blocks/me'),
    },
    {
      name: '401 bad credentials',
      status: 401,
      send: () =>
        call('POST', '/api/auth/login', { body: { username: 'nobodyatall', password: 'wrong1' } }),
    },
    {
      name: '403 not the admin',
      status: 403,
      send: (user) => call('GET', '/api/feedback', { token: user.token }),
    },
    {
      name: '404 unknown API path',
      status: 404,
      send: () => call('GET', '/api/does-not-exist'),
    },
    {
      name: '404 block of nobody',
      status: 404,
      send: (user) => call('DELETE', '/api/blocks/2000000000', { token: user.token }),
    },
    {
      name: '409 username taken',
      status: 409,
      send: (user) =>
        call('POST', '/api/auth/register', {
          body: {
            username: user.username,
            email: `other-${user.email}`,
            password: 'up2-test-passphrase',
            displayName: 'Someone',
          },
        }),
    },
  ];

  it.each(probes)('answers $name as { error } with status $status', async ({ send, status }) => {
    const user = await createUser();
    const response = await send(user);
    expect(response.status).toBe(status);
    await expectErrorShape(response);
  });

  it('adds fields, field name to message, to validation errors', async () => {
    const response = await call('POST', '/api/auth/register', {
      body: { username: 'ab', email: 'nope', password: '1', displayName: 'X' },
    });
    expect(response.status).toBe(400);
    const body = await expectErrorShape(response, true);
    expect(body.fields).toMatchObject({
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters long.',
    });
    expect(body.error).toBe('Username must be at least 3 characters');
  });
});

describe('security headers on API responses', () => {
  const requests: Array<{
    name: string;
    status: number;
    send: (user: TestUser) => Promise<Response>;
  }> = [
    { name: 'a public read', status: 200, send: () => call('GET', '/api/discover') },
    { name: 'the OpenAPI document', status: 200, send: () => call('GET', '/api/openapi.json') },
    {
      name: 'a signed-in read',
      status: 200,
      send: (user) => call('GET', '/api/blocks/me', { token: user.token }),
    },
    {
      name: 'a write',
      status: 201,
      send: () =>
        call('POST', '/api/feedback', {
          body: { title: 'Headers', description: 'Checking the headers of a 201.' },
        }),
    },
    {
      name: 'a validation error',
      status: 400,
      send: () => call('POST', '/api/auth/login', { body: {} }),
    },
    { name: 'a signed-out request', status: 401, send: () => call('GET', '/api/auth/me') },
    {
      name: 'a request refused by role',
      status: 403,
      send: (user) => call('GET', '/api/feedback', { token: user.token }),
    },
    { name: 'an unknown API path', status: 404, send: () => call('GET', '/api/nothing-here') },
    {
      name: 'a body too large',
      status: 413,
      send: () => call('POST', '/api/auth/login', { body: overLimitJson, headers: jsonHeaders }),
    },
    {
      name: 'a body that is not JSON',
      status: 415,
      send: () =>
        call('POST', '/api/feedback', { body: 'hello', headers: { 'content-type': 'text/plain' } }),
    },
  ];

  it.each(requests)('sets them on $name ($status)', async ({ send, status }) => {
    const user = await createUser();
    const response = await send(user);
    expect(response.status).toBe(status);
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('Strict-Transport-Security', () => {
  it('is one value on every kind of answer', async () => {
    const user = await createUser();
    const answers = await Promise.all(
      [
        '/api/openapi.json',
        '/api/docs',
        '/api/discover',
        `/api/og/${user.username}.png`,
        '/api/images/avatars/1/nothing.png',
        `/@${user.username}/feed.xml`,
        `/embed/@${user.username}`,
      ].map(async (path) => {
        const response = await call('GET', path);
        await response.body?.cancel();
        return `${path}: ${response.headers.get('strict-transport-security')}`;
      }),
    );
    const hsts = 'max-age=63072000; includeSubDomains; preload';
    expect(answers).toEqual(answers.map((answer) => `${answer.split(': ')[0]}: ${hsts}`));
  });
});

describe('no server errors on odd input', () => {
  const odd: Array<{ name: string; send: (user: TestUser) => Promise<Response> }> = [
    {
      name: 'a block id that is not a number',
      send: (u) => call('DELETE', '/api/blocks/abc', { token: u.token }),
    },
    {
      name: 'a negative block id',
      send: (u) => call('DELETE', '/api/blocks/-5', { token: u.token }),
    },
    {
      name: 'a huge block id',
      send: (u) => call('DELETE', '/api/blocks/99999999999999999999999', { token: u.token }),
    },
    { name: 'a fractional block id', send: () => call('POST', '/api/blocks/1.5/click') },
    {
      name: 'a huge feedback id',
      send: (u) =>
        call('PATCH', '/api/feedback/1e400', { token: u.token, body: { status: 'new' } }),
    },
    {
      name: 'an Authorization header without a token',
      send: () => call('GET', '/api/auth/me', { headers: { authorization: 'Bearer' } }),
    },
    {
      name: 'a Basic Authorization header',
      send: () => call('GET', '/api/auth/me', { headers: { authorization: 'Basic YTpi' } }),
    },
    {
      name: 'a discover limit out of range',
      send: () => call('GET', '/api/discover?limit=100000'),
    },
    { name: 'an unknown discover parameter', send: () => call('GET', '/api/discover?evil=1') },
    {
      name: 'a board name with odd characters',
      send: () => call('GET', '/api/boards/%F0%9F%92%A9%00'),
    },
    {
      name: 'a login with a very long username',
      send: () =>
        call('POST', '/api/auth/login', {
          body: { username: 'x'.repeat(5000), password: 'up2-test-passphrase' },
        }),
    },
    {
      name: 'a login with a non-string password',
      send: () =>
        call('POST', '/api/auth/login', { body: { username: 'someone', password: 123456 } }),
    },
  ];

  it.each(odd)('answers $name with a 4xx JSON error', async ({ send }) => {
    const user = await createUser();
    const response = await send(user);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    await expectErrorShape(response);
  });
});
