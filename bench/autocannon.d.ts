// The part of autocannon's API that bench/load.ts uses (the package ships no types).
declare module 'autocannon' {
  type RawRequest = { method?: string; path?: string; headers?: Record<string, string> };

  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    requests?: {
      method?: string;
      setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest;
    }[];
  };

  type Histogram = { average: number; p50: number; p99: number };

  type Result = {
    /** Per second, and `total`: the requests completed in the run. */
    requests: Histogram & { total: number };
    /** In milliseconds. */
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  };

  export default function autocannon(options: Options): Promise<Result>;
}
