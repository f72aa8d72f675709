import { createBuilder } from 'vite';
import { describe, expect, it } from 'vitest';
import { type ModuleGraph, moduleGraphFile, startupModuleIds } from './worker-bundle';

/** The libraries only some requests need: an isolate must start without them (issue 38). */
const heavyLibraries = [
  'satori',
  '@resvg/resvg-wasm',
  '@dicebear/',
  '@simplewebauthn/',
  '@zxcvbn-ts/language-common',
  '@dnd-kit/',
  'uplot',
  '@fedify/',
  // Imports and exports only: CSV and ZIP.
  'papaparse',
  'fflate',
  // A fediverse reply's HTML, parsed and sanitised where the inbox's activities are handled.
  'hast-util-',
  'parse5',
];

/** The Worker's build, in memory: its module graph as tools/worker-bundle.ts writes it. */
async function buildWorkerGraph(): Promise<ModuleGraph> {
  const builder = await createBuilder({ logLevel: 'warn', build: { write: false } });
  // The Cloudflare plugin names the Worker's environment after wrangler.toml's `name`.
  const worker = builder.environments.up2;
  if (!worker) throw new Error('vite.config.ts builds no Worker named up2.');
  const built = await builder.build(worker);
  const outputs = (Array.isArray(built) ? built : [built]).flatMap((result) =>
    'output' in result ? result.output : [],
  );
  const graph = outputs.find((output) => output.fileName === moduleGraphFile);
  if (graph?.type !== 'asset') throw new Error(`The Worker's build wrote no ${moduleGraphFile}.`);
  return JSON.parse(String(graph.source));
}

describe("the Worker's start-up", () => {
  it('reaches none of the heavy libraries without import()', { timeout: 300_000 }, async () => {
    const startup = startupModuleIds(await buildWorkerGraph());
    const reached = heavyLibraries.filter((library) =>
      startup.some((id) => id.includes(`/node_modules/${library}`)),
    );
    expect(reached).toEqual([]);
  });
});
