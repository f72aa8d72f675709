/**
 * `npm run bench`: a benchmark, not a test (figures printed, never asserted).
 *
 * 1. Builds and serves the production app on workerd (`npm run e2e:serve`: fresh state in
 *    .wrangler/bench, migrations, `vite build`, `vite preview`) at BENCH_PORT (4193).
 * 2. Seeds 50 public boards of 30 blocks through the real API.
 * 3. Weighs each page's first load (HTML, CSS, JS, gzipped).
 * 4. Runs Lighthouse (phone profile, median of 5) with the system Chromium on /, /@username,
 *    /embed/@username and the year page, before any load, each run once the machine's cores are
 *    nearly idle.
 * 5. Loads two hashed static files (the smallest a first load fetches, and the one nearest in size
 *    to the board page), GET /api/boards/{username}, /@username (one client, and a new visitor
 *    each request), /embed/@username and the year page with autocannon, each run in a process of
 *    its own (bench/load.ts), every route in turn in each of BENCH_ROUNDS rounds, each dynamic
 *    route right after a run of the smallest static file it is compared with.
 * 6. Stops the server and times cold starts of its build against a minimal Hono Worker
 *    (bench/cold-start.ts), with `wrangler check startup`'s figure.
 * 7. Prints everything and writes bench/RESULTS.md, each figure beside the previous run's (read
 *    from the file before it is overwritten); the server is stopped even on failure.
 * Before any of it, with the machine to itself, counts the web typecheck's cost (bench/types.ts),
 * the board changes consumer's throughput (bench/board-changes.ts) and Discover's latency at a
 * million boards (bench/search.ts).
 *
 * Knobs (environment): BENCH_PORT, BENCH_SECONDS (per route, default 10), BENCH_CONNECTIONS
 * (default 50), BENCH_ROUNDS (default 3), BENCH_IMAGES=0 (no generated block images),
 * BENCH_SKIP_LIGHTHOUSE=1, BENCH_LIGHTHOUSE_RUNS (default 5; the median run is reported).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromiumArgs, systemChromium } from '../e2e/support/chromium.ts';
import {
  startupBudgetBytes,
  uploadGzipBudgetBytes,
  type WorkerSizes,
  workerSizes,
} from '../tools/worker-bundle.ts';
import { boardChangesThroughput } from './board-changes.ts';
import { coldStart, describeColdStart } from './cold-start.ts';
import { discoverAtAMillion, type SearchFigure } from './search.ts';
import { describeCost, webTypecheckCost } from './types.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT) || 4193;
const origin = `http://localhost:${port}`;
const stateDir = '.wrangler/bench';
const serverLog = join(root, '.wrangler/bench-server.log');
const seconds = Number(process.env.BENCH_SECONDS) || 10;
const connections = Number(process.env.BENCH_CONNECTIONS) || 50;
const withImages = process.env.BENCH_IMAGES !== '0';
const boardCount = 50;
const blocksPerBoard = 30;
const chromeFlags = ['--headless=new', ...chromiumArgs];

// A reader's first load: its scripts, and everything on a board page of 30 blocks.
const budgets = {
  readerJs: 15 * 1024,
  boardTotal: 30 * 1024,
  embedTotal: 25 * 1024,
  yearTotal: 30 * 1024,
};
const lighthouseTargets = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 };

// ---------------------------------------------------------------------------------------------
// Server

let server: ChildProcess | undefined;

function groupAlive(pid: number) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the whole process group: npm, `vite preview` and the workerd it started. */
async function stopServer() {
  const pid = server?.pid;
  if (!pid || !groupAlive(pid)) return;
  process.kill(-pid, 'SIGTERM');
  for (let waited = 0; waited < 5000 && groupAlive(pid); waited += 100) await sleep(100);
  if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
}

async function portAnswers() {
  try {
    await fetch(origin);
    return true;
  } catch {
    return false;
  }
}

async function startServer() {
  if (await portAnswers()) {
    throw new Error(
      `${origin} already answers: stop what listens there (an earlier bench?) first.`,
    );
  }
  mkdirSync(dirname(serverLog), { recursive: true });
  const log = openSync(serverLog, 'w');
  server = spawn('npm', ['run', 'e2e:serve'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      UP2_E2E: '1',
      UP2_STATE_DIR: stateDir,
      PORT: String(port),
      WRANGLER_SEND_METRICS: 'false',
    },
  });
  closeSync(log);
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`the server stopped (exit ${server.exitCode}); see ${serverLog}`);
    }
    try {
      const response = await fetch(`${origin}/api/discover`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(1000);
  }
  throw new Error(`the server did not answer within 5 minutes; see ${serverLog}`);
}

// ---------------------------------------------------------------------------------------------
// Seed: 50 public boards of 30 blocks, through the API as the web app would.

const firstNames = [
  'maya',
  'liam',
  'sofia',
  'noah',
  'amara',
  'kenji',
  'lucia',
  'omar',
  'ines',
  'felix',
  'zara',
  'mateo',
  'hana',
  'theo',
  'nadia',
  'arjun',
  'elena',
  'tomas',
  'yara',
  'oscar',
];
const lastNames = ['rivera', 'chen', 'okafor', 'novak', 'silva', 'berg', 'haddad', 'kim'];

type Seed = { category: string; type: string; titles: string[]; subtitle: string; ratio: string };

const blockSeeds: Seed[] = [
  {
    category: 'learning',
    type: 'books-reading',
    subtitle: 'A chapter a night',
    ratio: 'tall',
    titles: [
      'The Pragmatic Programmer',
      'Braiding Sweetgrass',
      'Project Hail Mary',
      'Thinking, Fast and Slow',
      'The Overstory',
    ],
  },
  {
    category: 'learning',
    type: 'languages-communication',
    subtitle: '20 minutes a day',
    ratio: 'square',
    titles: [
      'Japanese N4',
      'Conversational Portuguese',
      'Italian for travel',
      'Sign language basics',
    ],
  },
  {
    category: 'learning',
    type: 'courses-classes',
    subtitle: 'Evening class',
    ratio: 'wide',
    titles: [
      'Intro to Machine Learning',
      'Life drawing',
      'Financial accounting',
      'Pottery wheel basics',
    ],
  },
  {
    category: 'lifestyle',
    type: 'running-cycling',
    subtitle: 'Training plan',
    ratio: 'wide',
    titles: ['Half marathon in October', 'Commuting by bike', 'Couch to 5K', 'Century ride'],
  },
  {
    category: 'lifestyle',
    type: 'cooking-nutrition',
    subtitle: 'Weekend kitchen',
    ratio: 'square',
    titles: [
      'Sourdough every Sunday',
      'Learning Sichuan cooking',
      'Meal prep for the week',
      'Fermenting hot sauce',
    ],
  },
  {
    category: 'lifestyle',
    type: 'gardening-plants',
    subtitle: 'Balcony garden',
    ratio: 'tall',
    titles: ['Tomatoes from seed', 'Propagating monsteras', 'Herb window box'],
  },
  {
    category: 'lifestyle',
    type: 'travel-exploration',
    subtitle: 'Next trip',
    ratio: 'wide',
    titles: ['Hiking the Dolomites', 'Two weeks in Oaxaca', 'Rail pass across Japan'],
  },
  {
    category: 'work',
    type: 'projects-startups',
    subtitle: 'Side project',
    ratio: 'wide',
    titles: ['Launching a newsletter tool', 'Rewriting our billing service', 'Mobile app beta'],
  },
  {
    category: 'work',
    type: 'tasks-goals',
    subtitle: 'This quarter',
    ratio: 'square',
    titles: ['Ship the v2 onboarding', 'Hire two engineers', 'Cut build time in half'],
  },
  {
    category: 'creative',
    type: 'photography-videography',
    subtitle: 'Film camera',
    ratio: 'wide',
    titles: [
      'A roll of film a week',
      'Street photography in the rain',
      'Wedding shoot for a friend',
    ],
  },
  {
    category: 'creative',
    type: 'music-instruments',
    subtitle: 'Practice log',
    ratio: 'square',
    titles: ['Learning jazz piano', 'Fingerstyle guitar', 'Cello, grade 3'],
  },
  {
    category: 'creative',
    type: 'writing-storytelling',
    subtitle: 'Draft in progress',
    ratio: 'tall',
    titles: ['A short story collection', 'NaNoWriMo novel', 'Weekly blog essays'],
  },
  {
    category: 'social',
    type: 'volunteering-local',
    subtitle: 'Saturdays',
    ratio: 'square',
    titles: ['Food bank shifts', 'Park clean-up crew', 'Tutoring kids in maths'],
  },
  {
    category: 'building',
    type: 'open-source',
    subtitle: 'Contributions',
    ratio: 'wide',
    titles: ['Maintaining a CLI tool', 'Docs for a charting library', 'First Rust crate'],
  },
  {
    category: 'building',
    type: 'maker-hardware',
    subtitle: 'Workbench',
    ratio: 'square',
    titles: ['Mechanical keyboard build', 'Home weather station', '3D-printed planters'],
  },
  { category: 'digital', type: 'github', subtitle: 'Code', ratio: 'square', titles: ['My GitHub'] },
  {
    category: 'digital',
    type: 'blog-newsletter',
    subtitle: 'Monthly',
    ratio: 'square',
    titles: ['Notes from the workshop'],
  },
];

const descriptions = [
  'Slowly but steadily; I write down one thing I learned after every session.',
  'Started this in spring. Some weeks go better than others, but it keeps me curious.',
  'Doing this with two friends so we keep each other honest. Ask me how it is going!',
  'The goal is consistency, not speed. Notes and photos from each step are on my blog.',
  '',
];

const statuses = ['now', 'now', 'planned', 'done'] as const;

function boardOwner(index: number) {
  const first = firstNames[index % firstNames.length] ?? 'user';
  const last = lastNames[Math.floor(index / firstNames.length) % lastNames.length] ?? 'x';
  return {
    username: `${first}${last}${index}`.slice(0, 20),
    displayName: `${first[0]?.toUpperCase()}${first.slice(1)} ${last[0]?.toUpperCase()}${last.slice(1)}`,
  };
}

async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${origin}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function seedBoard(index: number): Promise<string> {
  const { username, displayName } = boardOwner(index);
  const password = 'bench-password-123';
  await api('POST', '/api/auth/register', {
    username,
    email: `${username}@bench.example`,
    password,
    displayName,
    emailOptIn: false,
  });
  const { token } = await api<{ token: string }>('POST', '/api/auth/login', {
    username,
    password,
  });
  await api(
    'PUT',
    '/api/auth/me',
    {
      bio: 'Product designer by day, amateur baker and trail runner by night. Always learning something new.',
      tagline: 'Currently: sourdough, Japanese and a half marathon',
    },
    token,
  );
  for (let position = 0; position < blocksPerBoard; position += 1) {
    const seed = blockSeeds[(index + position) % blockSeeds.length] as Seed;
    const named = seed.titles[(index * 7 + position) % seed.titles.length] ?? 'Something new';
    // A board holds one block of a work (decision 0030): a seed's second turn is a sequel.
    const turn = Math.floor(position / blockSeeds.length);
    const title = turn === 0 ? named : `${named}, part ${turn + 1}`;
    let imageUrl: string | undefined;
    // One block in five carries an image the Worker generated and stored (offline: its local
    // generator), so pages carry images as real boards do, without any outside host.
    if (withImages && position % 5 === 0) {
      const ratio = seed.ratio === 'tall' ? 'tall' : seed.ratio === 'wide' ? 'wide' : 'square';
      ({ imageUrl } = await api<{ imageUrl: string }>(
        'POST',
        '/api/generate-image',
        { prompt: title, ratio },
        token,
      ));
    }
    const status = statuses[(index + position) % statuses.length] ?? 'now';
    await api(
      'POST',
      '/api/blocks',
      {
        category: seed.category,
        type: seed.type,
        title,
        subtitle: seed.subtitle,
        description: descriptions[(index + position) % descriptions.length],
        imageUrl,
        imageAspectRatio: seed.ratio,
        externalUrl: position % 3 === 0 ? `https://example.com/${username}/${position}` : undefined,
        status,
        progress: status === 'done' ? 100 : (index * 13 + position * 17) % 100,
        progressEnabled: status !== 'planned',
      },
      token,
    );
  }
  return username;
}

async function seedBoards(): Promise<string[]> {
  const usernames: string[] = [];
  const parallel = 4;
  for (let start = 0; start < boardCount; start += parallel) {
    const batch = Array.from(
      { length: Math.min(parallel, boardCount - start) },
      (_, i) => start + i,
    );
    usernames.push(...(await Promise.all(batch.map(seedBoard))));
  }
  return usernames;
}

// ---------------------------------------------------------------------------------------------
// Page weight: the HTML and every script and stylesheet the first load fetches, gzipped.

type Asset = { url: string; kind: 'html' | 'css' | 'js'; bytes: number; gzipped: number };
type PageWeight = {
  page: string;
  assets: Asset[];
  html: number;
  css: number;
  js: number;
  /** The app's code a page drawn on the server loads only when the visitor needs it. */
  appJs: number;
};

const gzipSize = (body: Uint8Array) => gzipSync(body, { level: 9 }).length;

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-z-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    found[(match[1] ?? '').toLowerCase()] = match[3] ?? match[4] ?? match[5] ?? '';
  }
  return found;
}

/** Static imports of a built chunk (`import{…}from"./x.js"`, `import"./x.js"`). */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(
    /(?:^|[;\n])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["'`](\.\/[^"'`]+)["'`]/g,
  )) {
    if (match[1]) found.add(match[1]);
  }
  return [...found];
}

/**
 * The lazy chunk of a route's screen, imported by the chunk holding the router
 * (`import("./board-x.js")`); its own static imports are followed like any other script's.
 */
function lazyRouteChunk(routerCode: string, chunkPrefix: string): string[] {
  const match = new RegExp(`import\\(["'\`]\\./(${chunkPrefix}-[\\w-]+\\.js)["'\`]\\)`).exec(
    routerCode,
  );
  return match?.[1] ? [`/assets/${match[1]}`] : [];
}

type Pending = { path: string; kind: 'css' | 'js' };

/** Fetches each asset and the scripts it imports statically (and the route's screen chunk). */
async function weighAssets(
  pageUrl: string,
  pending: Pending[],
  seen: Set<string>,
  lazyRoute?: string,
): Promise<Asset[]> {
  const assets: Asset[] = [];
  while (pending.length > 0) {
    const next = pending.shift();
    if (!next) break;
    const absolute = new URL(next.path, pageUrl);
    if (absolute.origin !== origin || seen.has(absolute.pathname)) continue;
    seen.add(absolute.pathname);
    const body = await fetchBytes(absolute.href);
    const kind = absolute.pathname.endsWith('.css') ? 'css' : next.kind;
    assets.push({ url: absolute.pathname, kind, bytes: body.length, gzipped: gzipSize(body) });
    if (kind !== 'js') continue;
    const code = new TextDecoder().decode(body);
    for (const imported of staticImports(code)) {
      pending.push({ path: new URL(imported, absolute).pathname, kind: 'js' });
    }
    // The screen the React app loads for this route, from the chunk holding the router.
    if (lazyRoute) {
      for (const dep of lazyRouteChunk(code, lazyRoute)) {
        pending.push({ path: dep, kind: dep.endsWith('.css') ? 'css' : 'js' });
      }
    }
  }
  return assets;
}

/**
 * What a page costs a reader (the HTML and the scripts and styles it loads by itself) and, for a
 * page drawn on the server, what the app costs once the visitor needs it (the code it lists in
 * #app-modules, with the route's screen).
 */
async function weighPage(page: string, lazyRoute?: string): Promise<PageWeight> {
  const url = new URL(page, origin).href;
  const html = await fetchBytes(url);
  const pending: Pending[] = [];
  const text = new TextDecoder().decode(html);
  for (const match of text.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attrs = attributes(match[0]);
    if (match[1]?.toLowerCase() === 'script' && attrs.src)
      pending.push({ path: attrs.src, kind: 'js' });
    const rel = attrs.rel?.toLowerCase();
    if (rel === 'stylesheet' && attrs.href) pending.push({ path: attrs.href, kind: 'css' });
    if (rel === 'modulepreload' && attrs.href) pending.push({ path: attrs.href, kind: 'js' });
  }
  const seen = new Set<string>();
  const assets: Asset[] = [
    { url: page, kind: 'html', bytes: html.length, gzipped: gzipSize(html) },
    ...(await weighAssets(url, pending, seen)),
  ];
  const appModules = /<script type="application\/json" id="app-modules">(.*?)<\/script>/.exec(text);
  const modules = appModules?.[1]
    ? (JSON.parse(appModules[1]) as { entry: string | null; preload: string[] })
    : { entry: null, preload: [] };
  const appPending = [modules.entry, ...modules.preload]
    .filter((path): path is string => Boolean(path))
    .map((path) => ({ path, kind: 'js' as const }));
  const app = await weighAssets(url, appPending, seen, lazyRoute);
  const total = (kind: Asset['kind']) =>
    assets.filter((a) => a.kind === kind).reduce((sum, a) => sum + a.gzipped, 0);
  const appJs = app.filter((a) => a.kind === 'js').reduce((sum, a) => sum + a.gzipped, 0);
  return { page, assets, html: total('html'), css: total('css'), js: total('js'), appJs };
}

// ---------------------------------------------------------------------------------------------
// Load

type LoadResult = {
  requestsPerSecond: number;
  totalRequests: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, { count: number }>;
};

type Route = {
  name: string;
  paths: string[];
  newVisitorEach?: boolean;
  /** Issue 38's floor for the ratio to the smallest static file. */
  target?: number;
};

function runLoad(
  { paths, newVisitorEach }: Omit<Route, 'name'>,
  durationSeconds: number,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // Same Node as this script (npm runs it on the project's Node 22), in a process of its own.
    const child = spawn(
      process.execPath,
      [
        join(root, 'bench/load.ts'),
        JSON.stringify({ origin, paths, connections, durationSeconds, newVisitorEach }),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`bench/load.ts exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as LoadResult);
    });
  });
}

const loadRounds = Number(process.env.BENCH_ROUNDS) || 3;

const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * A route over the rounds, each round as [smallest static measured just before it, same-size
 * static, route]: its median round, every error of every round, and the medians of its per-round
 * ratios to each static file.
 */
function summariseRounds(name: string, rounds: (LoadResult | undefined)[][]) {
  const runs = rounds.map(([smallest, sameSize, run]) => ({
    run: run as LoadResult,
    toSmallest: (run?.requestsPerSecond ?? 0) / (smallest?.requestsPerSecond || 1),
    toSameSize: (run?.requestsPerSecond ?? 0) / (sameSize?.requestsPerSecond || 1),
  }));
  const byThroughput = runs.toSorted((a, b) => a.run.requestsPerSecond - b.run.requestsPerSecond);
  const sum = (pick: (run: LoadResult) => number) =>
    runs.reduce((total, { run }) => total + pick(run), 0);
  return {
    name,
    median: (byThroughput[Math.floor(byThroughput.length / 2)] as (typeof runs)[number]).run,
    errors: {
      non2xx: sum((r) => r.non2xx),
      errors: sum((r) => r.errors),
      timeouts: sum((r) => r.timeouts),
    },
    toSmallest: median(runs.map((r) => r.toSmallest)),
    toSameSize: median(runs.map((r) => r.toSameSize)),
    roundRatios: runs.map((r) => r.toSmallest),
  };
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

type Scores = Record<keyof typeof lighthouseTargets, number>;
type LighthouseResult = {
  page: string;
  scores: Scores;
  failed: string[];
  metrics: Record<string, string>;
  scripts: { url: string; gzipped: number }[];
};

// Lighthouse's own advice for a noisy machine: five runs, and the median one.
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 5;

/**
 * Waits (60 s at most) until every page answers three times in a row as fast as an idle server
 * does (100 ms): seeding leaves work queued (images to store, views to flush).
 */
async function settle(pages: string[]) {
  const deadline = Date.now() + 60_000;
  let fastInARow = 0;
  while (fastInARow < 3 && Date.now() < deadline) {
    const started = performance.now();
    await Promise.all(pages.map((page) => fetchBytes(new URL(page, origin).href)));
    const fast = performance.now() - started < 100;
    fastInARow = fast ? fastInARow + 1 : 0;
    if (!fast) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function runLighthouse(pages: string[]): Promise<LighthouseResult[]> {
  const { computeMedianRun } = await import('lighthouse/core/lib/median-run.js');
  const results: LighthouseResult[] = [];
  for (const page of pages) {
    const runs = [];
    // A run that saw no first paint (Chromium starting slowly on a busy machine) says nothing of
    // the page: it is run again, at most twice.
    for (let run = 0, retries = 0; run < lighthouseRuns; run++) {
      const lhr = await lighthouseRun(page);
      if (lhr.audits['first-contentful-paint']?.numericValue === undefined && retries++ < 2) run--;
      else runs.push(lhr);
    }
    // One run on a shared 2-core machine is noise-prone; Lighthouse's own advice is the median.
    const lhr: (typeof runs)[number] = computeMedianRun(runs);
    {
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const failed = Object.values(lhr.categories).flatMap((category) =>
        category.auditRefs
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id])
          .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
          .map(
            (audit) => `${category.id}: ${audit?.id} (${Math.round((audit?.score ?? 0) * 100)})`,
          ),
      );
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
      const requests =
        (
          lhr.audits['network-requests']?.details as {
            items?: { url: string; resourceType?: string }[];
          }
        )?.items ?? [];
      const scripts: { url: string; gzipped: number }[] = [];
      for (const request of requests) {
        if (request.resourceType !== 'Script' || !request.url.startsWith(origin)) continue;
        scripts.push({
          url: new URL(request.url).pathname,
          gzipped: gzipSize(await fetchBytes(request.url)),
        });
      }
      results.push({
        page,
        scores: {
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
        },
        failed,
        metrics: {
          FCP: metric('first-contentful-paint'),
          LCP: metric('largest-contentful-paint'),
          TBT: metric('total-blocking-time'),
          CLS: metric('cumulative-layout-shift'),
        },
        scripts,
      });
    }
  }
  return results;
}

/** One Lighthouse run in a fresh browser: no cache or service worker from a previous run. */
function cpuTimes() {
  return os.cpus().reduce(
    (sum, { times }) => ({
      idle: sum.idle + times.idle,
      total: sum.total + times.user + times.nice + times.sys + times.idle + times.irq,
    }),
    { idle: 0, total: 0 },
  );
}

const quietShare = 0.9;

/**
 * Waits (60 s at most) until this machine's cores are nine-tenths idle over two seconds: the
 * server's leftover work (views to flush, images to store) and the last Chromium closing would
 * otherwise share the cores with the page Lighthouse times, and it scales what it times by four.
 */
async function untilMachineQuiet() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const before = cpuTimes();
    await sleep(2000);
    const after = cpuTimes();
    if ((after.idle - before.idle) / (after.total - before.total || 1) >= quietShare) return;
  }
}

async function lighthouseRun(page: string) {
  await untilMachineQuiet();
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: systemChromium, chromeFlags });
  try {
    const runner = await lighthouse(new URL(page, origin).href, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(lighthouseTargets),
    });
    if (!runner) throw new Error(`Lighthouse returned nothing for ${page}`);
    return runner.lhr;
  } finally {
    chrome.kill();
  }
}

// ---------------------------------------------------------------------------------------------
// Report

function machine() {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  let osName = `${os.type()} ${os.release()}`;
  if (existsSync('/etc/os-release')) {
    const pretty = /PRETTY_NAME="([^"]+)"/.exec(readFileSync('/etc/os-release', 'utf8'))?.[1];
    if (pretty) osName = `${pretty} (${os.type()} ${os.release()})`;
  }
  let chromiumVersion = 'not found';
  try {
    chromiumVersion = execFileSync(systemChromium, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // Lighthouse will say so too.
  }
  return {
    cpu: `${cpu}, ${os.cpus().length} logical cores`,
    memory: `${Math.round(os.totalmem() / 1024 ** 3)} GiB RAM`,
    node: `Node ${process.version}`,
    os: osName,
    chromium: chromiumVersion,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const fixed = (value: number, digits = 0) =>
  value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function table(header: string[], rows: string[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---------------------------------------------------------------------------------------------
// The previous run's figures, shown beside this run's

type Figures = Record<string, string>;

const resultsFile = join(root, 'bench/RESULTS.md');
const figuresComment = /<!-- figures: (.*) -->/;

/** A route's name without what changes from run to run (file names and sizes). */
const routeKey = (name: string) =>
  name
    .replace(/ \/assets\/\S+/, '')
    .replace(/ \([\d.,]+ KB\)/, '')
    .trim();

/**
 * The figures of bench/RESULTS.md before this run overwrites it: from the line of figures the
 * script writes there, or, in a file written before that line existed, from its text.
 */
function previousFigures(): Figures {
  if (!existsSync(resultsFile)) return {};
  const text = readFileSync(resultsFile, 'utf8');
  const written = figuresComment.exec(text)?.[1];
  if (written) return JSON.parse(written) as Figures;
  const figures: Figures = {};
  const startup = /What an isolate evaluates at start[^:]*: ([\d,.]+ KiB)/.exec(text)?.[1];
  if (startup) figures.startup = startup;
  const upload = /The upload: ([\d,.]+ KiB, [\d,.]+ KiB gzipped)/.exec(text)?.[1];
  if (upload) figures.upload = upload;
  const throughput = text.split('## Throughput and latency')[1]?.split('\n## ')[0] ?? '';
  for (const row of throughput.split('\n').filter((line) => line.startsWith('| '))) {
    const cells = row.split('|').map((cell) => cell.trim());
    if (cells[1] && cells[6] && /^[\d.]+$/.test(cells[6])) figures[routeKey(cells[1])] = cells[6];
  }
  return figures;
}

const beside = (previous: string | undefined) => (previous ? `; previous run: ${previous}` : '');

// ---------------------------------------------------------------------------------------------

const kib = (bytes: number) => `${fixed(bytes / 1024, 1)} KiB`;

/** The built Worker's sizes (tools/worker-bundle.ts, as `npm run deploy:check` prints them). */
function describeWorker(
  { startupBytes, uploadBytes, uploadGzipBytes }: WorkerSizes,
  previous: Figures,
) {
  return [
    `What an isolate evaluates at start (the entry and its static imports): ${kib(startupBytes)} (budget ${kib(startupBudgetBytes)})${beside(previous.startup)}`,
    `The upload: ${kib(uploadBytes)}, ${kib(uploadGzipBytes)} gzipped (budget ${kib(uploadGzipBudgetBytes)} gzipped)${beside(previous.upload)}`,
  ];
}

function describeSearch(figures: SearchFigure[], previous: Figures) {
  return figures.map(
    ({ label, median, p95, target }) =>
      `${label}: median ${median} ms, p95 ${p95} ms${target === null ? '' : ` (target p95 ≤ ${target} ms: ${p95 <= target ? 'met' : 'MISSED'})`}${beside(previous[label])}`,
  );
}

async function main() {
  if (!existsSync(systemChromium)) {
    throw new Error(
      `Lighthouse drives Debian's Chromium at ${systemChromium}: install it (apt-get install chromium, as .ci/run does).`,
    );
  }
  const started = Date.now();
  const where = machine();
  const loadAtStart = os.loadavg()[0] ?? 0;
  console.log(`Machine: ${Object.values(where).join('; ')}`);
  const typecheck = describeCost(webTypecheckCost());
  console.log(typecheck);
  const boardChanges = boardChangesThroughput();
  console.log(boardChanges);
  const previous = previousFigures();
  const search = discoverAtAMillion();
  console.log(
    typeof search === 'string'
      ? `Discover at a million boards: ${search}`
      : describeSearch(search, previous).join('\n'),
  );

  console.log(
    `Building and starting the production app on workerd at ${origin} (log: ${serverLog})…`,
  );
  await startServer();
  console.log(`Server up after ${Math.round((Date.now() - started) / 1000)} s.`);
  const sizes = workerSizes(join(root, 'dist/up2'));
  const worker = describeWorker(sizes, previous);
  console.log(worker.join('\n'));

  let step = Date.now();
  const usernames = await seedBoards();
  const seedSeconds = (Date.now() - step) / 1000;
  console.log(
    `Seeded ${usernames.length} boards of ${blocksPerBoard} blocks in ${fixed(seedSeconds, 1)} s` +
      `${withImages ? ' (one block in five with a generated image)' : ''}.`,
  );
  const sample = usernames[0] ?? 'nobody';
  const year = new Date().getUTCFullYear();

  // Page weights.
  const weights = [
    await weighPage('/', 'landing'),
    await weighPage(`/@${sample}`, 'board'),
    await weighPage(`/embed/@${sample}`, 'embed'),
    await weighPage(`/@${sample}/year/${year}`, 'year'),
  ];
  // Two yardsticks served by the same workerd through the same preview server: the smallest hashed
  // file a first load fetches (what serving anything costs), and the one nearest in size to the
  // board page's HTML (the same bytes, rendered or not).
  const boardHtml = weights[1]?.assets.find((a) => a.kind === 'html')?.bytes ?? 0;
  const hashed = weights
    .flatMap((w) => w.assets)
    .filter((a) => /^\/assets\/[\w-]+\.(js|css)$/.test(a.url));
  const smallestAsset = hashed.toSorted((a, b) => a.bytes - b.bytes)[0];
  const sameSizeAsset = hashed.toSorted(
    (a, b) => Math.abs(a.bytes - boardHtml) - Math.abs(b.bytes - boardHtml),
  )[0];
  if (!smallestAsset || !sameSizeAsset) throw new Error('no hashed asset found in the pages');

  // Lighthouse measures the pages as a visitor gets them, before the load runs: their queued
  // work (views to record and flush) would otherwise slow the server it times.
  step = Date.now();
  const lighthousePages = ['/', `/@${sample}`, `/embed/@${sample}`, `/@${sample}/year/${year}`];
  await settle(lighthousePages);
  const lighthouse =
    process.env.BENCH_SKIP_LIGHTHOUSE === '1' ? [] : await runLighthouse(lighthousePages);
  if (lighthouse.length)
    console.log(`Lighthouse done in ${Math.round((Date.now() - step) / 1000)} s.`);

  const loadAtLoad = os.loadavg()[0] ?? 0;
  // Load: rounds of every route in turn (a short warm-up run, then the measured run). This host's
  // speed drifts by more than the gaps being measured, so each dynamic route is measured right
  // after a run of the smallest static file, and its ratio is to that run.
  const smallestStatic: Route = {
    name: `smallest static asset ${smallestAsset.url} (${kb(smallestAsset.bytes)})`,
    paths: [smallestAsset.url],
  };
  const routes: Route[] = [
    smallestStatic,
    {
      name: `same-size static asset ${sameSizeAsset.url} (${kb(sameSizeAsset.bytes)})`,
      paths: [sameSizeAsset.url],
    },
    {
      name: 'GET /api/boards/{username}',
      paths: usernames.map((u) => `/api/boards/${u}`),
      target: 1,
    },
    // The viral case: everyone reads the same board.
    { name: `/@username, one board (${kb(boardHtml)})`, paths: [`/@${sample}`], target: 1 },
    {
      name: '/@username, one board, a new visitor each request',
      paths: [`/@${sample}`],
      newVisitorEach: true,
    },
    {
      name: '/@username, all boards in turn',
      paths: usernames.map((u) => `/@${u}`),
      target: 0.8,
    },
    { name: '/embed/@username', paths: usernames.map((u) => `/embed/@${u}`), target: 1 },
    {
      name: '/@username/year/{year}, all boards in turn',
      paths: usernames.map((u) => `/@${u}/year/${year}`),
      target: 0.8,
    },
  ];
  const staticRoutes = 2;
  const measure = async (round: number, route: Route) => {
    process.stdout.write(
      `Round ${round}: ${route.name}, ${seconds} s, ${connections} connections… `,
    );
    await runLoad(route, 2);
    const result = await runLoad(route, seconds);
    console.log(`${fixed(result.requestsPerSecond)} req/s`);
    return result;
  };
  // Per round, for each route: [the smallest static run it is compared with, the route's run].
  const rounds: [LoadResult, LoadResult][][] = [];
  for (let round = 1; round <= loadRounds; round++) {
    const results: [LoadResult, LoadResult][] = [];
    const firstSmallest = await measure(round, smallestStatic);
    results.push([firstSmallest, firstSmallest]);
    for (const route of routes.slice(1)) {
      const isStatic = results.length < staticRoutes;
      const yardstick = isStatic ? firstSmallest : await measure(round, smallestStatic);
      results.push([yardstick, await measure(round, route)]);
    }
    rounds.push(results);
  }
  const loads = routes.map((route, i) => ({
    ...summariseRounds(
      route.name,
      rounds.map((r) => [r[i]?.[0], r[1]?.[1], r[i]?.[1]]),
    ),
    target: route.target,
  }));

  // The cold start reads the seeded boards from the state the server held: it is stopped first.
  await stopServer();
  const loadAtCold = os.loadavg()[0] ?? 0;
  const coldFigures = await coldStart(join(root, stateDir), `/@${sample}`);
  const cold = describeColdStart(coldFigures);
  cold[0] += beside(previous.cold);
  console.log(cold.join('\n'));

  const figures: Figures = {
    startup: kib(sizes.startupBytes),
    upload: `${kib(sizes.uploadBytes)}, ${kib(sizes.uploadGzipBytes)} gzipped`,
    cold: `ratio ${fixed(coldFigures.ratio, 2)}`,
    ...Object.fromEntries(loads.map((load) => [routeKey(load.name), fixed(load.toSmallest, 2)])),
    ...(typeof search === 'string'
      ? {}
      : Object.fromEntries(search.map((f) => [f.label, `median ${f.median} ms, p95 ${f.p95} ms`]))),
  };

  // ----- Report
  const loadTable = table(
    [
      'route',
      'requests/s',
      'p50',
      'p99',
      'errors (non-2xx + errors + timeouts)',
      'ratio to smallest static',
      'target',
      'previous run',
      'ratio to same-size static',
      'ratio per round (smallest)',
    ],
    loads.map((load) => [
      load.name,
      fixed(load.median.requestsPerSecond),
      `${load.median.p50} ms`,
      `${load.median.p99} ms`,
      `${load.errors.non2xx + load.errors.errors + load.errors.timeouts} (${load.errors.non2xx} + ${load.errors.errors} + ${load.errors.timeouts})`,
      fixed(load.toSmallest, 2),
      load.target === undefined
        ? '-'
        : `≥ ${fixed(load.target, 1)}: ${load.toSmallest >= load.target ? 'met' : 'MISSED'}`,
      previous[routeKey(load.name)] ?? '-',
      fixed(load.toSameSize, 2),
      load.roundRatios.map((ratio) => fixed(ratio, 2)).join(', '),
    ]),
  );
  const weightTable = table(
    ['page', 'HTML', 'CSS', 'JS', 'total', 'app JS when needed', 'budget'],
    weights.map((w, i) => {
      const total = w.html + w.css + w.js;
      const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
      const budget = [
        i === 2
          ? `HTML+CSS+JS ≤ 25 KB: ${met(total <= budgets.embedTotal)}`
          : `reader's JS ≤ 15 KB: ${met(w.js <= budgets.readerJs)}`,
        i === 1 ? `HTML+CSS+JS ≤ 30 KB: ${met(total <= budgets.boardTotal)}` : '',
        i === 3 ? `HTML+CSS+JS ≤ 30 KB: ${met(total <= budgets.yearTotal)}` : '',
      ]
        .filter(Boolean)
        .join('; ');
      return [
        w.page.replace(sample, '{username}'),
        kb(w.html),
        kb(w.css),
        kb(w.js),
        kb(total),
        w.appJs ? kb(w.appJs) : '-',
        budget,
      ];
    }),
  );
  const biggest = weights
    .map((w) => {
      const top = w.assets
        .filter((a) => a.kind === 'js')
        .sort((a, b) => b.gzipped - a.gzipped)
        .slice(0, 6)
        .map((a) => `${a.url.replace('/assets/', '')} ${kb(a.gzipped)}`);
      return `- ${w.page.replace(sample, '{username}')}: ${top.length ? top.join(', ') : 'no script'}`;
    })
    .join('\n');
  const lighthouseTable = lighthouse.length
    ? table(
        [
          'page',
          'Performance',
          'Accessibility',
          'Best Practices',
          'SEO',
          'FCP / LCP / TBT / CLS',
          'JS fetched (gzip)',
        ],
        lighthouse.map((r) => [
          r.page.replace(sample, '{username}'),
          ...(Object.keys(lighthouseTargets) as (keyof Scores)[]).map(
            (key) =>
              `${r.scores[key]}${r.scores[key] >= lighthouseTargets[key] ? '' : ` (below ${lighthouseTargets[key]})`}`,
          ),
          `${r.metrics.FCP} / ${r.metrics.LCP} / ${r.metrics.TBT} / ${r.metrics.CLS}`,
          kb(r.scripts.reduce((sum, s) => sum + s.gzipped, 0)),
        ]),
      )
    : 'Lighthouse skipped (BENCH_SKIP_LIGHTHOUSE=1).';
  const lighthouseFailures = lighthouse
    .map(
      (r) =>
        `- ${r.page.replace(sample, '{username}')}: ${r.failed.length ? r.failed.join('; ') : 'none'}`,
    )
    .join('\n');

  const report = `# Benchmark results

Written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Figures, not assertions.

## Machine
- CPU: ${where.cpu}
- Memory: ${where.memory}
- Load average (1 minute) when the run began: ${fixed(loadAtStart, 1)}; when the load began: ${fixed(loadAtLoad, 1)}; when the cold starts began: ${fixed(loadAtCold, 1)} (the machine is shared: read the ratios, measured side by side, rather than the absolute figures)
- ${where.node}; ${where.os}
- Browser for Lighthouse: ${where.chromium}

## Setup
- The production build (\`vite build\`) served on workerd by \`vite preview\` (\`npm run e2e:serve\` with UP2_E2E=1: roomy rate limits, fixed JWT secret), fresh state in ${stateDir}, at ${origin}.
- ${usernames.length} public boards of ${blocksPerBoard} blocks seeded through the API in ${fixed(seedSeconds, 1)} s${withImages ? ', one block in five with an image the Worker generated and stored in R2' : ''}.
- Load: autocannon in a separate Node process, ${connections} connections, ${seconds} s per route after a 2 s warm-up, every route in turn in each of ${loadRounds} rounds; the median round is shown, and each ratio is the median of the rounds' ratios. This host's speed drifts between runs by more than the gaps measured, so each dynamic route runs right after a run of the smallest static file, and its ratio to that file is to that run. One client sends every request, so the board's views count it once per 30 minutes; "a new visitor each request" sends each with a user agent of its own, so every request is a new visitor to count. Dynamic routes take the ${usernames.length} boards in turn. Load generator, \`vite preview\` (Node) and workerd share the same ${os.cpus().length} cores, so absolute figures are this machine's, and the ratios to the static files (served by the same workerd through the same Vite preview server) are the figures to read: to the smallest hashed file a first load fetches (what serving anything costs), and to the one nearest in size to the board page's HTML (the same bytes, rendered or not). Requests ask for no compression, so every byte of a page crosses the preview server.

## The Worker (\`npm run deploy:check\` fails above the budgets)
${[...worker, ...cold].map((line) => `- ${line}`).join('\n')}

The cold start: both Workers are the Vite plugin's build output started as \`vite preview\` starts one (Miniflare, every built module, the bindings wrangler reads from the built wrangler.json), the server stopped first; each run a new workerd process timed from its start to the last byte of the first answer, the three Workers in turn, one unmeasured start of each first (bench/cold-start.ts).

## Discover at a million boards (\`npm run bench:api\`, its latency part: 50 sequential calls each, in workerd with local D1, before the server starts)
${
  typeof search === 'string'
    ? `- ${search}`
    : describeSearch(search, previous)
        .map((line) => `- ${line}`)
        .join('\n')
}

## Throughput and latency
${loadTable}

Targets (issue 38), each a ratio to the smallest static asset's throughput: \`/@username\` of one board (the viral case: one board read by everyone), the embed and the JSON API at least 1.0; all boards in turn and the year page (every board's year in turn, so each is rendered once per board and version) at least 0.8; every route with zero errors. "previous run" is the same ratio in the run before this one. All boards in turn is the opposite case: each board is read only a few times a second, so most reads pay for the version read, cache lookup and view count that the reads of a hot board share (decision 0004).

## Page weight (gzip -9 of each file the first load fetches)
${weightTable}

Largest scripts per page (gzipped):
${biggest}

## Lighthouse (mobile profile: emulated phone, simulated slow 4G and 4x CPU slowdown; median of ${lighthouseRuns} runs, each started once the machine's cores were ${quietShare * 100}% idle over 2 s)
${lighthouseTable}

Targets: 100 on all four scores. "JS fetched" is every same-origin script Chromium requested during the Lighthouse load, gzipped here.

Audits scoring below 90 (weighted ones only):
${lighthouseFailures || '- (Lighthouse skipped)'}

## Typecheck (\`npm run bench:types\`)
- ${typecheck}

## Board changes (\`npm run bench:changes\`)
- ${boardChanges}

<!-- figures: ${JSON.stringify(figures)} -->
`;
  console.log(`\n${report}`);
  writeFileSync(resultsFile, report);
  console.log('Written to bench/RESULTS.md.');
}

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.on(signal, () => {
    void stopServer().finally(() => process.exit(code));
  });
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stopServer();
}
