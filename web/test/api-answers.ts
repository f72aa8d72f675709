import { vi } from 'vitest';

/** A request the app sent to the API, as the network saw it. */
export type ApiCall = {
  method: string;
  /** The path and query, e.g. `/api/blocks/7`. */
  path: string;
  /** The JSON body (the text when it is not JSON), or null. */
  body: unknown;
  signal: AbortSignal;
};

/**
 * Stands in for the server at the network's edge: every `fetch` the app makes is answered by
 * `answer`, and recorded. The app's own code (its API client, hooks and components) runs as is.
 */
export function answerApi(answer: (call: ApiCall) => Response | Promise<Response>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    // The API client asks for `/api/…`: a page's address resolves it, or, in Node, any origin.
    const request = new Request(
      new URL(input, globalThis.location?.href ?? 'http://up2.test'),
      init,
    );
    const url = new URL(request.url);
    const text = await request.text();
    const call: ApiCall = {
      method: request.method,
      path: url.pathname + url.search,
      body: text ? parsedOrText(text) : null,
      signal: init?.signal ?? request.signal,
    };
    calls.push(call);
    return answer(call);
  });
  return calls;
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** An answer that arrives only when `settle` is called, to see what shows while it is awaited. */
export function heldAnswer() {
  let settle: (response: Response) => void = () => undefined;
  const response = new Promise<Response>((resolve) => {
    settle = resolve;
  });
  return { response, settle };
}
