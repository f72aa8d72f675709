import { describe, it } from 'vitest';
import { parseUpload } from '../domain/imports/export-archives';
import { benchUploads, rows } from './import-files';

/**
 * The memory an import of each kind takes to read `rows` rows, in Node's V8 (workerd, whose
 * isolate is V8 too, does not count its heap): how far the heap (with array buffers) grew from a
 * collected heap by the end of the read, garbage included. Collections of the young generation
 * during the read make it a floor of the peak, not the peak. Part of `npm run bench:imports`,
 * which runs Node with --expose-gc.
 */
const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const heldBytes = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

describe('imports, memory', () => {
  it(`reads ${rows} rows of each kind`, { timeout: 600_000 }, () => {
    if (!gc) throw new Error('Run with NODE_OPTIONS=--expose-gc (npm run bench:imports).');
    const lines = [`Imports of ${rows} rows, memory (Node's V8):`];
    for (const [source, upload] of benchUploads()) {
      gc();
      const before = heldBytes();
      const parsed = parseUpload(source, upload);
      // Garbage is not yet collected: what the heap reached is at least this.
      const reached = heldBytes();
      lines.push(
        `  ${source.padEnd(10)} file ${mb(upload.bytes.length)}, ${parsed.blocks.length} blocks: heap grew ${mb(reached - before)} by the read's end`,
      );
    }
    console.log(lines.join('\n'));
  });
});
