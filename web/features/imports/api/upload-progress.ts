import { authorized, type Send } from '../../../lib/api-client';

// Statuses whose answer has no body: a Response with one is refused.
const bodyless = [101, 204, 205, 304];

/** fetch's shape over XMLHttpRequest, whose upload tells its progress (fetch's tells nothing). */
function sendReportingUpload(onUpload: (fraction: number) => void): Send {
  return (input, init = {}) =>
    new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open(init.method ?? 'GET', input instanceof Request ? input.url : String(input));
      for (const [name, value] of new Headers(init.headers)) request.setRequestHeader(name, value);
      request.withCredentials = init.credentials === 'include';
      request.responseType = 'blob';
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onUpload(event.loaded / event.total);
      };
      request.onload = () => {
        const headers = new Headers();
        for (const line of request.getAllResponseHeaders().trim().split(/\r?\n/)) {
          const colon = line.indexOf(':');
          if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
        }
        const body = bodyless.includes(request.status) ? null : (request.response as Blob);
        resolve(
          new Response(body, { status: request.status, statusText: request.statusText, headers }),
        );
      };
      // As fetch does: a request the network lost is a TypeError (createOnce sends it again).
      request.onerror = () => reject(new TypeError('The network lost the request.'));
      request.onabort = () => reject(new DOMException('The request was cancelled.', 'AbortError'));
      init.signal?.addEventListener('abort', () => request.abort());
      request.send((init.body as XMLHttpRequestBodyInit | null | undefined) ?? null);
    });
}

/**
 * A `fetch` for one call of the typed client (`{ fetch }` in its options) that reports how much of
 * the request's body was sent: a file's upload shows its progress.
 */
export const fetchReportingUpload = (onUpload: (fraction: number) => void): typeof fetch =>
  authorized(sendReportingUpload(onUpload)) as typeof fetch;
