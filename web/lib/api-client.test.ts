import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookmarkHeader } from '../../schema/read-your-writes';
import { ApiRequestError, api, createOnce, errorMessage } from './api-client';

describe('ApiRequestError', () => {
  it('words a refused request as "{status}: {body}"', () => {
    const error = new ApiRequestError(409, '{"error":"Already copied."}', 'Conflict');
    expect(error.message).toBe('409: {"error":"Already copied."}');
  });

  it('falls back to the status text when the body is empty', () => {
    expect(new ApiRequestError(502, '', 'Bad Gateway').message).toBe('502: Bad Gateway');
  });

  it("carries the server's message and field messages for forms", () => {
    const body = JSON.stringify({
      error: 'Title too long',
      fields: { title: 'Title too long', email: 'Invalid email' },
    });
    const error = new ApiRequestError(400, body, 'Bad Request');
    expect(error.serverMessage).toBe('Title too long');
    expect(error.fields).toEqual({ title: 'Title too long', email: 'Invalid email' });
  });

  it('has no field messages when the body is not JSON', () => {
    const error = new ApiRequestError(500, '<html>oops</html>', 'Internal Server Error');
    expect(error.serverMessage).toBeUndefined();
    expect(error.fields).toEqual({});
  });
});

describe('errorMessage', () => {
  it("prefers the server's own words", () => {
    const error = new ApiRequestError(409, '{"error":"You already copied this block."}', '');
    expect(errorMessage(error, 'Failed to copy block.')).toBe('You already copied this block.');
  });

  it('uses the fallback for network failures and unreadable answers', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), 'Try again.')).toBe('Try again.');
    expect(errorMessage(new ApiRequestError(502, '', 'Bad Gateway'), 'Try again.')).toBe(
      'Try again.',
    );
  });
});

describe('the database bookmark', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A tab's storage and a server that answers each request with the next bookmark. */
  function tabAndServer() {
    const stored = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    });
    const sent: (string | null)[] = [];
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      urls.push(String(input));
      sent.push(new Headers(init?.headers).get(bookmarkHeader));
      const reached = `00000000-0000000${sent.length}-00000000-${'0'.repeat(32)}`;
      return new Response('{}', { headers: { [bookmarkHeader]: reached } });
    });
    return { sent, urls };
  }

  it('sends back the bookmark of the last answer, so a read after a write sees it', async () => {
    const { sent } = tabAndServer();
    await api.auth.me.$put({ json: { tagline: 'Learning Portuguese' } });
    await api.auth.me.$get();
    expect(sent).toEqual([null, `00000000-00000001-00000000-${'0'.repeat(32)}`]);
  });

  it('names a route by its parameter alone, not the pattern the Worker routes it by', async () => {
    const { urls } = tabAndServer();
    await api.blocks[':id'].$put({ param: { id: '12' }, json: { progress: 70 } });
    expect(urls).toEqual(['/api/blocks/12']);
  });

  it('still calls the API when the tab keeps no storage', async () => {
    const { sent } = tabAndServer();
    vi.stubGlobal('sessionStorage', undefined);
    await api.auth.me.$get();
    expect(sent).toEqual([null]);
  });
});

describe('createOnce', () => {
  afterEach(() => vi.unstubAllGlobals());

  /**
   * A server on this machine that drops the connection of the requests `lost` names (the answer
   * lost on the way back), answers 201 or `status` to the others, and notes each Idempotency-Key.
   */
  async function serverLosing(lost: number[], status = 201) {
    const keys: (string | undefined)[] = [];
    const server = createServer((request, response) => {
      keys.push(request.headers['idempotency-key'] as string | undefined);
      if (lost.includes(keys.length)) return request.socket.destroy();
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(status === 201 ? { id: 7 } : { error: 'Title is required.' }));
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as AddressInfo;
    const send = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      send(new URL(String(input), `http://127.0.0.1:${port}`), init),
    );
    return { keys, close: () => new Promise((closed) => server.close(closed)) };
  }

  const createBlock = () =>
    createOnce(async (options) =>
      (
        await api.blocks.$post({ json: { title: 'Piranesi', type: 'book' } as never }, options)
      ).json(),
    );

  it('sends a create the network lost once more, under the same Idempotency-Key', async () => {
    const server = await serverLosing([1]);
    await expect(createBlock()).resolves.toEqual({ id: 7 });
    expect(server.keys).toHaveLength(2);
    expect(server.keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.keys[1]).toBe(server.keys[0]);
    await server.close();
  });

  it('never sends a refused create again, and gives each create a key of its own', async () => {
    const server = await serverLosing([], 400);
    await expect(createBlock()).rejects.toBeInstanceOf(ApiRequestError);
    await expect(createBlock()).rejects.toBeInstanceOf(ApiRequestError);
    expect(server.keys).toHaveLength(2);
    expect(server.keys[1]).not.toBe(server.keys[0]);
    await server.close();
  });
});
