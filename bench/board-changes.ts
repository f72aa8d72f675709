/**
 * A section of `npm run bench`: the board changes consumer's throughput on one core, as
 * `npm run bench:changes` (worker/bench/board-changes.bench.ts) measures it in workerd.
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The line the workerd bench prints, or what went wrong. */
export function boardChangesThroughput(): string {
  try {
    const printed = execFileSync('npm', ['run', 'bench:changes'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return /Board changes: .*/.exec(printed)?.[0] ?? 'Board changes: the bench printed no figure.';
  } catch (error) {
    return `Board changes: the bench failed (${(error as Error).message.split('\n')[0]}).`;
  }
}
