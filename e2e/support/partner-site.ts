import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Another site (its own origin: 127.0.0.1 on a free port) serving one page with the given HTML.
 * A real server, not a routed fake: Chromium refuses to let a page it cannot place on the local
 * network frame localhost.
 */
export async function startPartnerSite(html: string) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
