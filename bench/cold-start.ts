/**
 * A section of `npm run bench` (issue 38): how long a fresh workerd process takes to give the
 * first answer of `/@user`, against a minimal Hono Worker started the same way in the same run,
 * and `wrangler check startup`'s CPU profile of the start.
 *
 * Both Workers are the Cloudflare Vite plugin's build output (dist/up2 for Up2, the fixture in
 * bench/fixtures/minimal-worker built into .wrangler/bench-minimal-worker), and both are started
 * as `vite preview` starts a build: Miniflare with the options wrangler derives from the built
 * wrangler.json, every built module listed. Each run is a new workerd process, from `new
 * Miniflare()` to the last byte of the first answer; the runs alternate, and medians are compared.
 * A third Worker, the minimal one given Up2's bindings, tells what the bindings cost from what
 * Up2's code costs. The Cache API is not persisted, so the board is rendered, not read back.
 *
 * On its own (a build already made, state seeded): `node bench/cold-start.ts <state dir> <path>`.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from 'wrangler';
import { type ModuleGraph, moduleGraphFile } from '../tools/worker-bundle.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const appBuild = join(root, 'dist/up2/wrangler.json');
const minimalBuild = join(root, '.wrangler/bench-minimal-worker/minimal_worker/wrangler.json');
const bin = (name: string) => join(root, 'node_modules/.bin', name);

// Miniflare would ask workers.cloudflare.com for each request's `cf` details (vite.config.ts).
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';

type ModuleType = 'ESModule' | 'CompiledWasm' | 'Data';

function moduleType(file: string): ModuleType | null {
  if (/\.m?js$/.test(file)) return 'ESModule';
  if (file.endsWith('.wasm')) return 'CompiledWasm';
  if (file.endsWith('.bin')) return 'Data';
  return null;
}

/**
 * Every module of a build, its entry first, as the Vite plugin's preview hands them to Miniflare;
 * without those `leftOut` names, if given.
 */
function builtModules(configPath: string, leftOut: Set<string> = new Set()) {
  const buildDir = dirname(configPath);
  const main = resolve(buildDir, unstable_readConfig({ config: configPath }).main ?? 'index.js');
  const others = readdirSync(buildDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => !file.startsWith('.vite') && !leftOut.has(file))
    .map((file) => join(buildDir, file))
    .filter((file) => file !== main);
  const modules = [main, ...others].flatMap((path) => {
    const type = moduleType(path);
    return type ? [{ type, path }] : [];
  });
  return { modulesRoot: buildDir, modules };
}

type Start = { bindingsOf: string; scriptOf: string; persist?: string; leftOut?: Set<string> };

/** What the split of a reader's Worker from the rest would take out of it: Fedify, the image pipeline. */
const heavyPackages = /node_modules\/(@fedify|satori|@resvg|yoga-layout|opentype\.js|@shuding)\//;

/**
 * The modules of Up2's build a Worker that only reads boards would not hold: the chunks holding a
 * heavy package, the WebAssembly and the fonts (data modules). An experiment, not a build: the
 * chunks are left as they are, so it tells what handing workerd fewer modules buys.
 */
function heavyModules(configPath: string): Set<string> {
  const buildDir = dirname(configPath);
  const graph: ModuleGraph = JSON.parse(readFileSync(join(buildDir, moduleGraphFile), 'utf8'));
  const heavyChunks = Object.entries(graph)
    .filter(([, chunk]) => Object.keys(chunk.modules).some((id) => heavyPackages.test(id)))
    .map(([fileName]) => fileName);
  const binaries = readdirSync(buildDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    /\.(wasm|bin)$/.test(file),
  );
  return new Set([...heavyChunks, ...binaries]);
}

/**
 * Milliseconds from a new workerd process to its being ready (modules loaded, the entry evaluated,
 * bindings set up) and to the last byte of its first answer of `path`.
 */
async function firstAnswer({ bindingsOf, scriptOf, persist, leftOut }: Start, path: string) {
  const config = unstable_readConfig({ config: bindingsOf });
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config, undefined, {});
  const { modulesRules: _rules, ...options } = workerOptions;
  const started = performance.now();
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      workers: [{ ...options, name: config.name, ...builtModules(scriptOf, leftOut) }],
      resourcePersistencePath: persist ? resolve(persist, 'v3') : undefined,
      telemetry: { enabled: false },
      // workerd's warnings (the minimal Worker exports none of Up2's Durable Objects) are not figures.
      handleRuntimeStdio: (stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream) => {
        stdout.resume();
        stderr.resume();
      },
    }),
  );
  try {
    await miniflare.ready;
    const ready = performance.now() - started;
    const response = await miniflare.dispatchFetch(`http://localhost${path}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status} on a cold start`);
    return { ready, answered: performance.now() - started };
  } finally {
    await miniflare.dispose();
  }
}

const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** `wrangler check startup` on a build: the CPU its start keeps active, in ms (null if it fails). */
function checkStartup(configPath: string): number | null {
  try {
    const printed = execFileSync(
      bin('wrangler'),
      [
        'check',
        'startup',
        '-c',
        configPath,
        '--outfile',
        join(root, '.wrangler/worker-startup.cpuprofile'),
      ],
      {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
      },
    );
    const active = /Active: ([\d.]+) ms/.exec(printed)?.[1];
    return active === undefined ? null : Number(active);
  } catch {
    return null;
  }
}

type Timing = { ready: number; answered: number };

export type ColdStart = {
  runs: number;
  /**
   * Medians, ms: Up2, the minimal Worker, the minimal Worker given Up2's bindings, and Up2 handed
   * all but its heavy modules (`heavyModules`: what a reader's Worker of its own would not hold).
   */
  up2: Timing;
  minimal: Timing;
  minimalWithBindings: Timing;
  up2WithoutHeavy: Timing | string;
  /** How many modules and bytes `up2WithoutHeavy` was not handed. */
  leftOut: { modules: number; bytes: number };
  /** Up2's first answer over the minimal Worker's. */
  ratio: number;
  checkStartupMs: { up2: number | null; minimal: number | null };
};

const medianTiming = (timings: Timing[]): Timing => ({
  ready: median(timings.map((t) => t.ready)),
  answered: median(timings.map((t) => t.answered)),
});

/**
 * The cold-start figures of the build in dist/up2, reading `path` (a board) from the state in
 * `stateDir`, which no other workerd may hold open. Builds the minimal Worker first.
 */
export async function coldStart(stateDir: string, path: string, runs = 5): Promise<ColdStart> {
  execFileSync(
    bin('vite'),
    ['build', '--config', join(root, 'bench/fixtures/minimal-worker/vite.config.ts')],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const starts = {
    up2: { bindingsOf: appBuild, scriptOf: appBuild, persist: stateDir },
    minimal: { bindingsOf: minimalBuild, scriptOf: minimalBuild },
    minimalWithBindings: { bindingsOf: appBuild, scriptOf: minimalBuild, persist: stateDir },
    up2WithoutHeavy: {
      bindingsOf: appBuild,
      scriptOf: appBuild,
      persist: stateDir,
      leftOut: heavyModules(appBuild),
    },
  };
  const names = Object.keys(starts) as (keyof typeof starts)[];
  const timings = Object.fromEntries(names.map((name) => [name, [] as Timing[]]));
  let withoutHeavyFailure: string | undefined;
  // One start of each before counting: the first reads workerd's binary from disk.
  for (let run = 0; run <= runs; run++) {
    for (const name of names) {
      const timing = await firstAnswer(starts[name], path).catch((error: Error) => {
        // The experiment may leave out a chunk the board needs after all: said, not fatal.
        if (name !== 'up2WithoutHeavy') throw error;
        withoutHeavyFailure = error.message;
        return null;
      });
      if (run > 0 && timing) timings[name]?.push(timing);
    }
  }
  const [up2, minimal, minimalWithBindings, withoutHeavy] = names.map((name) =>
    medianTiming(timings[name] ?? []),
  );
  if (!up2 || !minimal || !minimalWithBindings || !withoutHeavy) {
    throw new Error('no cold start was timed');
  }
  const up2WithoutHeavy = withoutHeavyFailure ?? withoutHeavy;
  const leftOut = [...starts.up2WithoutHeavy.leftOut];
  return {
    runs,
    up2,
    minimal,
    minimalWithBindings,
    up2WithoutHeavy,
    leftOut: {
      modules: leftOut.length,
      bytes: leftOut.reduce(
        (total, file) => total + statSync(join(dirname(appBuild), file)).size,
        0,
      ),
    },
    ratio: up2.answered / minimal.answered,
    checkStartupMs: { up2: checkStartup(appBuild), minimal: checkStartup(minimalBuild) },
  };
}

export function describeColdStart(figures: ColdStart): string[] {
  const ms = (value: number | null) => (value === null ? 'did not run' : `${fixed(value)} ms`);
  const timing = ({ ready, answered }: Timing) => `${ms(answered)} (ready after ${ms(ready)})`;
  return [
    `Cold start, a fresh workerd to the first answer of /@user (median of ${figures.runs}): ${timing(figures.up2)}; the minimal Hono Worker ${timing(figures.minimal)}: ratio ${figures.ratio.toFixed(2)} (target ≤ 1.5)`,
    `The minimal Worker given Up2's bindings (D1, KV, R2, Durable Objects, queues, limiters, assets): ${timing(figures.minimalWithBindings)}; Up2 takes ${(figures.up2.answered / figures.minimalWithBindings.answered).toFixed(2)}× that`,
    `Up2 handed all but its heavy modules (Fedify, the image pipeline, WebAssembly, fonts: ${figures.leftOut.modules} modules, ${fixed(figures.leftOut.bytes / 1024)} KiB), as a reader's Worker of its own would start: ${withoutHeavy(figures)}`,
    `\`wrangler check startup\` (CPU active at start, local): Up2 ${ms(figures.checkStartupMs.up2)}, the minimal Worker ${ms(figures.checkStartupMs.minimal)}`,
  ];
}

function withoutHeavy({ up2WithoutHeavy, minimalWithBindings }: ColdStart): string {
  if (typeof up2WithoutHeavy === 'string') return `failed (${up2WithoutHeavy})`;
  const { ready, answered } = up2WithoutHeavy;
  const ratio = answered / minimalWithBindings.answered;
  return `${fixed(answered)} ms (ready after ${fixed(ready)} ms); ${ratio.toFixed(2)}× the minimal Worker given the same bindings`;
}

const fixed = (value: number) => Math.round(value).toLocaleString('en');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [stateDir = '.wrangler/bench', path = '/@maya', runs = '5'] = process.argv.slice(2);
  console.log(describeColdStart(await coldStart(stateDir, path, Number(runs))).join('\n'));
}
