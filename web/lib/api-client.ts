import { hc } from 'hono/client';
import { bookmarkHeader } from '../../schema/read-your-writes';
import type { ApiClient } from './api-types.generated';
import { clearAuthToken, getAuthToken } from './auth-token';

type ErrorBody = { error?: string; fields?: Record<string, string> };

/**
 * A refused request. `message` is "{status}: {body}" (the status text when the body is empty), the
 * form every refused call's error takes; `serverMessage` and `fields` carry the API's
 * `{ error, fields }` so forms can show them where they belong.
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiRequestError';
    const parsed = parseErrorBody(body);
    this.serverMessage = parsed.error;
    this.fields = parsed.fields ?? {};
  }
  readonly serverMessage: string | undefined;
  readonly fields: Record<string, string>;
}

function parseErrorBody(body: string): ErrorBody {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null ? (parsed as ErrorBody) : {};
  } catch {
    return {};
  }
}

// Kept for the tab's life, so a reload after a write still reads a copy that holds it.
const bookmarkKey = 'up2.d1-bookmark';

function readBookmark(): string | null {
  try {
    return sessionStorage.getItem(bookmarkKey);
  } catch {
    return null;
  }
}

function keepBookmark(response: Response) {
  const bookmark = response.headers.get(bookmarkHeader);
  if (!bookmark) return;
  try {
    sessionStorage.setItem(bookmarkKey, bookmark);
  } catch {
    // Storage refused (a private window's quota): reads may come from a copy a moment behind.
  }
}

export type Send = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * `send` with the bearer token and the database bookmark of this person's last answer, raising
 * every non-success answer, and signing out on a 401.
 */
export function authorized(send: Send): Send {
  return async (input, init) => {
    const token = getAuthToken();
    const headers = new Headers(init?.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const bookmark = readBookmark();
    if (bookmark) headers.set(bookmarkHeader, bookmark);
    const response = await send(input, { ...init, headers, credentials: 'include' });
    keepBookmark(response);
    if (response.ok) return response;
    if (response.status === 401 && token) clearAuthToken();
    throw new ApiRequestError(response.status, await response.text(), response.statusText);
  };
}

const authorizedFetch = authorized((input, init) => fetch(input, init));

/**
 * The API, typed by the Worker's routes: `hc`'s type argument is left empty (`never`) and the
 * client's type is the one tools/api-types.ts wrote out from them, so this project does not work it
 * out again (docs/decisions/0042). A query passes the `signal` TanStack Query gives it
 * (`{ init: { signal } }`), so a request whose query was superseded or left is cancelled.
 */
export const api = hc<never>('/api', { fetch: authorizedFetch }) as ApiClient;

/** The message a person should read: the server's own words when it gave some. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.serverMessage ? error.serverMessage : fallback;
}

type CreatingOptions = { headers: { 'Idempotency-Key': string } };

/**
 * Sends a request that creates something, and once more under the same Idempotency-Key when the
 * network lost it (fetch rejects with a TypeError): the first may have been made with its answer
 * lost on the way back, and the server makes it once either way. A refusal is never sent again.
 */
export async function createOnce<Answer>(
  send: (options: CreatingOptions) => Promise<Answer>,
): Promise<Answer> {
  const options = { headers: { 'Idempotency-Key': crypto.randomUUID() } };
  try {
    return await send(options);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return send(options);
  }
}
