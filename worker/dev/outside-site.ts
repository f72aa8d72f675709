// A stand-in for another website, on loopback: the pages link previews are tested against, polite
// and hostile. The Worker tests start it once (vitest globalSetup) and add pages through its
// `/__pages/` path; a journey starts its own and adds pages with `serve`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';

/** How the site answers one path. The options beyond status, headers and body make hostile pages. */
export type OutsidePage = {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** The body as base64, for images. */
  base64?: string;
  /** Sends the body this many times over: a huge page. */
  repeat?: number;
  /** Waits this long before answering at all: a slow server. */
  stallMs?: number;
  /** Waits this long before each copy of the body: a page that trickles in. */
  dripMs?: number;
  /** Answers 304 to a request whose If-None-Match names this tag (sent as ETag otherwise). */
  etag?: string;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answer(page: OutsidePage, response: ServerResponse) {
  if (page.stallMs) await pause(page.stallMs);
  response.writeHead(page.status ?? 200, page.headers ?? { 'content-type': 'text/html' });
  const body = page.base64 ? Buffer.from(page.base64, 'base64') : Buffer.from(page.body ?? '');
  for (let copy = 0; copy < (page.repeat ?? 1) && !response.destroyed; copy++) {
    if (page.dripMs) await pause(page.dripMs);
    // Waits for the reader to take each copy, so a reader that stops reading stops the page.
    if (!response.write(body)) await new Promise((resolve) => response.once('drain', resolve));
  }
  response.end();
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

export async function startOutsideSite() {
  const pages = new Map<string, OutsidePage>();
  const hits = new Map<string, number>();
  const requests = new Map<string, IncomingMessage['headers'][]>();
  const server = createServer(async (request, response) => {
    // Pages are told apart by path: the query (an oEmbed link's `?url=…`) is the reader's to send.
    const path = new URL(request.url ?? '/', 'http://site').pathname;
    if (path.startsWith('/__pages/') && request.method === 'PUT') {
      pages.set(path.slice('/__pages'.length), JSON.parse(await readBody(request)) as OutsidePage);
      return response.writeHead(204).end();
    }
    if (path.startsWith('/__hits/')) {
      return response.end(String(hits.get(path.slice('/__hits'.length)) ?? 0));
    }
    // The headers of every request a path was sent, oldest first (a conditional GET's validators).
    if (path.startsWith('/__requests/')) {
      return response.end(JSON.stringify(requests.get(path.slice('/__requests'.length)) ?? []));
    }
    hits.set(path, (hits.get(path) ?? 0) + 1);
    requests.set(path, [...(requests.get(path) ?? []), request.headers]);
    const page = pages.get(path);
    if (!page) return response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    if (page.etag && request.headers['if-none-match'] === page.etag) {
      return response.writeHead(304, { etag: page.etag }).end();
    }
    if (page.etag) page.headers = { 'content-type': 'text/html', ...page.headers, etag: page.etag };
    await answer(page, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    serve: (path: string, page: OutsidePage) => pages.set(path, page),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** vitest globalSetup: one site for the run, its origin given to tests as `inject('outsideSite')`. */
export default async function setup(project: TestProject) {
  const site = await startOutsideSite();
  project.provide('outsideSite', site.origin);
  return site.close;
}
