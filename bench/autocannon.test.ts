import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { afterAll, beforeAll, expect, it } from 'vitest';

// autocannon ships no types: autocannon.d.ts declares the part bench/load.ts uses. This test runs
// it as load.ts does, against a server on loopback, and holds the answer to that declaration.

type Result = Awaited<ReturnType<typeof autocannon>>;

/** What each field of the declared result holds (the compiler keeps the list to the declaration). */
const resultFields: Record<keyof Result, 'number' | 'histogram' | 'status counts'> = {
  requests: 'histogram',
  latency: 'histogram',
  non2xx: 'number',
  errors: 'number',
  timeouts: 'number',
  duration: 'number',
  statusCodeStats: 'status counts',
};
/** The parts of each declared histogram. */
const histogramParts = {
  requests: { average: true, total: true, p50: true, p99: true },
  latency: { average: true, p50: true, p99: true },
} satisfies { [Field in 'requests' | 'latency']: Record<keyof Result[Field], true> };

const seen: { path: string | undefined; userAgent: string | undefined }[] = [];
const server = createServer((request, response) => {
  seen.push({ path: request.url, userAgent: request.headers['user-agent'] });
  response.end('ok');
});

beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('answers the fields bench/autocannon.d.ts declares, and sends what setupRequest returns', async () => {
  const { port } = server.address() as AddressInfo;
  const setUp: unknown[] = [];
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 1,
    duration: 1,
    timeout: 5,
    requests: [
      {
        method: 'GET',
        setupRequest: (request, context) => {
          setUp.push({ request, context });
          const headers = { ...request.headers, 'user-agent': 'up2-bench-visitor' };
          return { ...request, path: '/counted', headers };
        },
      },
    ],
  });

  for (const [field, kind] of Object.entries(resultFields)) {
    const value: unknown = result[field as keyof Result];
    if (kind === 'number') expect(typeof value, field).toBe('number');
    if (kind === 'histogram') {
      for (const part of Object.keys(histogramParts[field as keyof typeof histogramParts])) {
        expect(typeof (value as Record<string, unknown>)[part], `${field}.${part}`).toBe('number');
      }
    }
  }
  expect(result.statusCodeStats['200']?.count).toBe(result.requests.total);
  expect(result.requests.total).toBeGreaterThan(0);
  expect(result.non2xx).toBe(0);

  expect(setUp[0]).toMatchObject({ request: { method: 'GET' }, context: {} });
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.every(({ path }) => path === '/counted')).toBe(true);
  expect(seen.every(({ userAgent }) => userAgent === 'up2-bench-visitor')).toBe(true);
});
