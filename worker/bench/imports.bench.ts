import { describe, it } from 'vitest';
import { apiClient, createUser } from '../test/factories';
import { benchUploads, rows } from './import-files';

/**
 * `npm run bench:imports`: how fast a 20,000-row archive of each kind is read through the API's
 * preview (the whole file parsed, every row made a block, the board's holdings read); then, in
 * Node (imports-memory.measure.ts: workerd does not count an isolate's heap), the memory it
 * takes. Figures are printed, never asserted. workerd's clock moves only on I/O, so each figure
 * is timed around a request. Knobs: BENCH_ROWS (default 20000), BENCH_ROUNDS (default 3).
 */
const rounds = Number(process.env.BENCH_ROUNDS) || 3;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

describe('imports', () => {
  it(`reads ${rows} rows of each kind`, { timeout: 600_000 }, async () => {
    const lines = [`Imports of ${rows} rows, one isolate, preview, median of ${rounds} rounds:`];
    for (const [source, upload] of benchUploads()) {
      const client = apiClient({ token: (await createUser()).token });
      const times: number[] = [];
      let newCount = 0;
      for (let round = 0; round < rounds; round++) {
        const file = new File([upload.bytes.slice()], upload.name);
        const started = performance.now();
        const answer = await client.import[':source'].preview.$post({
          param: { source },
          form: { file },
        });
        const body = (await answer.json()) as { newCount?: number; error?: string };
        times.push(performance.now() - started);
        if (answer.status !== 200) throw new Error(`${source}: ${body.error}`);
        newCount = body.newCount ?? 0;
      }
      const ms = median(times);
      lines.push(
        `  ${source.padEnd(10)} ${(upload.bytes.length / 1024).toFixed(0).padStart(5)} KB sent, ${newCount} blocks: ${ms.toFixed(0)} ms, ${((rows / ms) * 1000).toFixed(0)} rows/s`,
      );
    }
    console.log(lines.join('\n'));
  });
});
