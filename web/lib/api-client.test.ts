import { describe, expect, it } from 'vitest';
import { ApiRequestError, errorMessage } from './api-client';

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
