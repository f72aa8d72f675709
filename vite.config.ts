import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import compression from 'compression';
import { type Connect, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { darkPaletteCss } from './schema/palette';
import { binaryModules } from './tools/binary-modules';
import { compileInlineScript, inlineScripts } from './tools/inline-scripts';
import { readerStylesheetEntry, readerStylesheetSources } from './tools/reader-stylesheet';
import { workerModuleGraph } from './tools/worker-bundle';

const port = (fallback: number) => Number(process.env.PORT) || fallback;

/**
 * End-to-end runs (e2e/playwright.config.ts) build and serve the production app from a state
 * folder of their own, with a fixed secret and roomy rate limits: every journey signs up and in
 * from the same address, and the limits themselves are proven by the Worker tests.
 */
const e2e = process.env.UP2_E2E === '1';

// Miniflare would ask workers.cloudflare.com for each request's `cf` details: the local servers run
// offline, and the Worker reads only `cf.country`, which it does without.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';

// Where the local D1, KV, R2 and Durable Objects keep their data (the db:* scripts use it too).
const stateDir = process.env.UP2_STATE_DIR ?? '.wrangler/state';

function workerConfig(command: 'build' | 'serve') {
  if (e2e) {
    return (config: { ratelimits?: { simple: { limit: number } }[] }) => {
      for (const limiter of config.ratelimits ?? []) limiter.simple.limit = 10_000;
      return {
        vars: {
          ENVIRONMENT: 'production',
          APP_URL: `http://localhost:${port(4180)}`,
          JWT_SECRET: 'e2e-secret-that-is-long-enough-to-be-real',
          MAIL_TO_CONSOLE: 'true',
          // The unfurl journey serves the page it fills a block from on this machine.
          UNFURL_PRIVATE_ADDRESSES: 'true',
          // Journeys send nothing off this machine: covers are looked up where nothing answers
          // (the Worker tests serve them from a stand-in).
          OPEN_LIBRARY_COVERS_URL: 'http://127.0.0.1:9',
          OPEN_LIBRARY_URL: 'http://127.0.0.1:9',
          LETTERBOXD_HOSTS: '127.0.0.1',
          // The delete journey waits out the undo window.
          UNDO_DELETE_SECONDS: '5',
          // Discover's journeys list a board once its email is proven, without waiting a day.
          NEW_ACCOUNT_HOLD_HOURS: '0',
        },
      };
    };
  }
  // `vite dev` is local development: the Worker may use its built-in development secret.
  if (command === 'serve' && process.env.npm_lifecycle_event !== 'preview') {
    return {
      vars: {
        ENVIRONMENT: 'development',
        APP_URL: `http://localhost:${port(5173)}`,
        UNFURL_PRIVATE_ADDRESSES: 'true',
        // No proxy stands in front of `vite dev`: no header is trusted to name the client, so
        // every visitor on this machine is one (set it to test counts behind a proxy of your own).
        CLIENT_ADDRESS_HEADER: '',
      },
    };
  }
  return undefined;
}

/**
 * Radix's packages behind the tabs and avatars of the first pages: the two and every Radix package
 * they depend on (tools/vite-config.test.ts checks the list against their package.json files).
 */
export const firstPageRadixPackages = [
  'react-tabs',
  'react-roving-focus',
  'react-presence',
  'react-collection',
  'react-context',
  'react-primitive',
  'react-slot',
  'react-compose-refs',
  'react-use-controllable-state',
  'react-use-effect-event',
  'react-avatar',
  'react-id',
  'react-direction',
  'react-use-callback-ref',
  'react-use-layout-effect',
  'react-use-is-hydrated',
  'primitive',
];

/**
 * lucide-react's own modules in its build (`dist/esm/`), which draw any icon; the icons themselves
 * and its DynamicIcon stay out (tools/vite-config.test.ts checks these against the files it ships).
 */
export const lucideCoreModules = ['lucide-react', 'createLucideIcon', 'Icon', 'context', 'shared/'];

/**
 * What every first page needs (React, the router, React Query, the API client, the app's frame,
 * the tabs and avatars of the landing page and boards) as one file: gzip compresses one file far
 * better than twenty small ones (about 8 KB less on `/`). Screens keep their own chunks, and so
 * do the block looks (the catalogue and its icons), which a page loads only on need. What the
 * reader needs (the API client and the session's storage) stays out: a page that only reads loads
 * the reader's chunk, never this one.
 */
export const firstLoadChunks = [
  {
    // Claimed first: app-core would otherwise take them in as its own modules' dependencies.
    name: 'reader-core',
    priority: 2,
    // The moderation values too: the reader reads `?report` by their name, and in app-core they
    // made the reader load the whole of it with every board.
    test: /node_modules\/hono\/|\/web\/lib\/(api-client|auth-token|page-actions)\.|\/web\/features\/blocks\/api\/record-click\.|\/schema\/moderation-values\./,
  },
  {
    priority: 1,
    name: 'app-core',
    test: new RegExp(
      [
        /node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@tanstack\/[^/]+|clsx|class-variance-authority)\//,
        new RegExp(`node_modules\\/@radix-ui\\/(${firstPageRadixPackages.join('|')})\\/`),
        new RegExp(`node_modules\\/lucide-react\\/dist\\/esm\\/(${lucideCoreModules.join('|')})`),
        /\/web\/lib\/(?!block-looks\.)|\/web\/components\/layout\/|\/web\/app\/(router|providers|lazy-screen)\./,
        /\/web\/components\/ui\/(button|spinner|skeleton|avatar|tabs|use-toast|lazy-toaster)\./,
      ]
        .map((pattern) => pattern.source)
        .join('|'),
    ),
  },
];

const readerEntry = 'web/reader.ts';

/**
 * The reader (web/reader.ts) is an entry of its own: a page drawn on the server loads it and not
 * the app (worker/render/app-shell.ts keeps the script marked `data-reader`). Vite would fold a
 * second script written in index.html into the app's entry, so this adds it to the built page,
 * naming the reader's stylesheet (web/reader.css, another entry) in `data-stylesheet`: the pages
 * drawn on the server link it in place of the app's.
 */
function readerScript(): Plugin {
  const tag = (attrs: Record<string, string>) => ({
    tag: 'script',
    attrs: { type: 'module', crossorigin: true, ...attrs, 'data-reader': true },
    injectTo: 'head-prepend' as const,
  });
  return {
    name: 'up2-reader-script',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [tag({ src: `/${readerEntry}` })];
        const outputs = Object.values(context.bundle);
        const chunk = outputs.find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === 'reader',
        );
        const stylesheet = outputs.find(
          (output) =>
            output.type === 'asset' && output.originalFileNames.includes(readerStylesheetEntry),
        );
        if (!chunk || !stylesheet) return [];
        return [tag({ src: `/${chunk.fileName}`, 'data-stylesheet': `/${stylesheet.fileName}` })];
      },
    },
  };
}

/**
 * Dark mode: the app's and the reader's stylesheets, once Tailwind has written them, gain the
 * palette mirrored for the colours each uses (schema/palette.ts), and every page's head the script that applies the
 * scheme chosen on the device before the first paint.
 */
function colourSchemes(): Plugin {
  const themeCss = readFileSync(
    createRequire(import.meta.url).resolve('tailwindcss/theme.css'),
  ).toString();
  return {
    name: 'up2-colour-schemes',
    transform(code, id) {
      const file = id.split('?')[0] ?? '';
      if (!file.endsWith('/web/index.css') && !file.endsWith(`/${readerStylesheetEntry}`)) {
        return null;
      }
      return { code: `${code}\n${darkPaletteCss(themeCss, code)}\n`, map: null };
    },
    // The theme script (web/inline-scripts/theme.ts) goes first in every page's head.
    transformIndexHtml: async () => {
      const themeScript = await compileInlineScript('web/inline-scripts/theme.ts');
      return [{ tag: 'script', children: themeScript.code, injectTo: 'head-prepend' }];
    },
  };
}

/**
 * React's server renderer for workerd (`react-dom/server.edge.js`) also carries the legacy
 * renderer behind `renderToString`, which the Worker never calls (web/server.tsx streams): its
 * build takes the streaming renderer alone, 0.25 MB less in every upload and isolate.
 */
function streamingServerRenderer(): Plugin {
  const renderer = join(
    dirname(createRequire(import.meta.url).resolve('react-dom/package.json')),
    'cjs/react-dom-server.edge.production.js',
  );
  return {
    name: 'up2-streaming-server-renderer',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.config.consumer === 'server',
    resolveId: (source) => (source === 'react-dom/server' ? renderer : null),
  };
}

/** Where the API reference page (`/api/docs`) loads Scalar from: this site, so it works offline. */
const apiReferenceScript = 'api-reference/scalar.js';

/** Scalar's prebuilt single-file bundle, served in development and emitted into the build. */
function apiReferenceBundle(): Plugin {
  const entry = createRequire(import.meta.url).resolve('@scalar/api-reference');
  const bundle = () => readFileSync(join(dirname(entry), 'browser', 'standalone.js'));
  return {
    name: 'up2-api-reference-bundle',
    configureServer(server) {
      server.middlewares.use(`/${apiReferenceScript}`, (_request, response) => {
        response.setHeader('content-type', 'text/javascript; charset=utf-8');
        response.end(bundle());
      });
    },
    generateBundle() {
      if (this.environment.name !== 'client') return;
      this.emitFile({ type: 'asset', fileName: apiReferenceScript, source: bundle() });
    },
  };
}

/**
 * Cloudflare's edge compresses text answers (pages, styles, scripts, JSON) for every browser that
 * accepts it; locally `vite preview` stands where the edge stands, so it compresses too, or the
 * journeys and the benchmark would load pages at several times the size a visitor's phone gets.
 */
function compressLikeTheEdge(): Plugin {
  return {
    name: 'up2-compress-like-the-edge',
    configurePreviewServer(server) {
      // Typed for Express, it uses only what Node's own request and response have.
      server.middlewares.use(compression() as unknown as Connect.NextHandleFunction);
    },
  };
}

export default defineConfig(({ command }) => ({
  publicDir: 'web/public',
  plugins: [
    // First, so it wraps the Worker's answers as well as the static files.
    compressLikeTheEdge(),
    react(),
    inlineScripts(),
    binaryModules(),
    colourSchemes(),
    // Before Tailwind: it names the reader stylesheet's sources.
    readerStylesheetSources(),
    tailwindcss(),
    apiReferenceBundle(),
    readerScript(),
    workerModuleGraph(),
    streamingServerRenderer(),
    VitePWA({
      // Registered by web/lib/service-worker.ts, without a forced reload mid-edit.
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: false,
      filename: 'sw.js',
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        // The API reference's 4 MB script is for the few who read it, not for every visitor.
        globIgnores: [`${apiReferenceScript}`],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        // The app shell answers app routes at once; boards, embeds and the API go to the network.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/@/, /^\/%40/, /^\/embed\//],
        runtimeCaching: [
          {
            // Stored images never change (their names are random), and are public.
            urlPattern: ({ url }) => url.pathname.startsWith('/api/images/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'up2-images',
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
            },
          },
          {
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/offline.html' } },
          },
        ],
      },
    }),
    cloudflare({
      // Workers AI is remote-only: offline, image generation uses the local generator.
      remoteBindings: false,
      persistState: { path: stateDir },
      config: workerConfig(command),
    }),
  ],
  // Radix's build wraps its classes in `__name(…)` calls, which would keep unused code alive.
  build: { rolldownOptions: { treeshake: { manualPureFunctions: ['__name'] } } },
  environments: {
    // The Worker (named after wrangler.toml's `name`) minified like the app: a third of its
    // upload and of what an isolate parses at start; the uploaded source maps name the lines.
    // Names are kept: libraries' errors and classes are told apart by them (Fedify, the x509
    // parser). Modules run in their source order whatever chunk they land in: split into lazy
    // chunks, the x509 parser's dependency injector otherwise ran before the Reflect polyfill
    // it imports first, and every passkey ceremony failed.
    up2: {
      build: {
        minify: true,
        rolldownOptions: { output: { keepNames: true, strictExecutionOrder: true } },
      },
    },
    client: {
      build: {
        // A screen's chunk needs little beyond app-core, which is loaded already: Vite's preload
        // helper (about 1 KB on every page) would buy nothing. Stale chunks: web/lib/load-chunk.ts.
        modulePreload: false,
        rolldownOptions: {
          input: {
            index: 'index.html',
            reader: readerEntry,
            'reader-style': readerStylesheetEntry,
          },
          output: { codeSplitting: { groups: firstLoadChunks } },
        },
      },
    },
  },
  server: { port: port(5173), strictPort: true },
  preview: { port: port(4173), strictPort: true },
}));
