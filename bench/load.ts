/**
 * One load run with autocannon, in a process of its own so the load generator shares its event
 * loop with nothing else (bench/run.ts starts it once per route).
 * Input: one JSON argument `{ origin, paths, connections, durationSeconds, newVisitorEach }`;
 * `paths` are taken in turn, one per request; with `newVisitorEach`, every request comes with a
 * user agent of its own, so the Worker counts each as a new visitor. Output: one line of JSON
 * (see LoadResult in bench/run.ts).
 */
import autocannon from 'autocannon';

type LoadInput = {
  origin: string;
  paths: string[];
  connections: number;
  durationSeconds: number;
  newVisitorEach?: boolean;
};

const input = JSON.parse(process.argv[2] ?? '{}') as LoadInput;
let next = 0;

const result = await autocannon({
  url: input.origin,
  connections: input.connections,
  duration: input.durationSeconds,
  timeout: 10,
  requests: [
    {
      method: 'GET',
      setupRequest: (request) => {
        const path = input.paths[next % input.paths.length] ?? '/';
        next += 1;
        if (!input.newVisitorEach) return { ...request, path };
        const headers = { ...request.headers, 'user-agent': `up2-bench-visitor-${next}` };
        return { ...request, path, headers };
      },
    },
  ],
});

process.stdout.write(
  `${JSON.stringify({
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: result.statusCodeStats,
    seconds: result.duration,
  })}\n`,
);
