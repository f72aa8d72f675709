/**
 * A section of `npm run bench`: Discover at a million boards, as `npm run bench:api`
 * (worker/bench/api.bench.ts) measures it in workerd: its latency part only (seeding the million
 * boards inside D1 takes one to two minutes here, the whole part four). Targets (issue 38): a
 * search ≤ 10 ms at p95, matches and misses alike; Discover's first page ≤ 5 ms at p95.
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export type SearchFigure = { label: string; median: number; p95: number; target: number | null };

const firstPage = 'GET /api/discover (first page of 24)';

function targetOf(label: string): number | null {
  if (label === firstPage) return 5;
  if (label.includes('?q=')) return 10;
  return null;
}

/** Each Discover line the workerd bench prints, with its target, or why there are none. */
export function discoverAtAMillion(): SearchFigure[] | string {
  try {
    const printed = execFileSync(
      'npm',
      ['run', 'bench:api', '--', '-t', 'prints latency figures'],
      {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const plain = stripVTControlCharacters(printed);
    const figures = [
      ...plain.matchAll(
        /^(GET \/api\/(?:discover|no-such-route)\S*(?: \(.*?\))?)\s+median (\d+) ms\s+p95 (\d+) ms/gm,
      ),
    ].map(([, label = '', median, p95]) => ({
      label: label.trim(),
      median: Number(median),
      p95: Number(p95),
      target: targetOf(label.trim()),
    }));
    return figures.length > 0 ? figures : 'the bench printed no Discover figure';
  } catch (error) {
    return `the bench failed (${(error as Error).message.split('\n')[0]})`;
  }
}
