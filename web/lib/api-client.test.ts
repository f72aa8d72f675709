import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookmarkHeader } from '../../schema/read-your-writes';
import { ApiRequestError, api, errorMessage } from './api-client';

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
