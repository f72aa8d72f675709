import { existsSync } from 'node:fs';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumArgs, systemChromium } from './e2e/support/chromium.ts';
import { binaryModules } from './tools/binary-modules';
import { inlineScripts } from './tools/inline-scripts';

const migrations = await readD1Migrations('./migrations');

export default defineConfig({
  test: {
    projects: [
      {
        // Worker tests run inside workerd against the real local D1, KV, R2 and Durable Objects.
        plugins: [
          // The pages' inline scripts, built from the app's modules as the Worker's build does.
          inlineScripts(),
          // The link-preview fonts, as the Worker's build hands them over.
          binaryModules(),
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            // Workers AI is remote-only: tests drive its code path through a mock (images.test.ts).
            remoteBindings: false,
            miniflare: {
              // The runner receives each module over a WebSocket, capped at 1 MiB a message unless
              // this (local-only) flag lifts it: satori arrives with its source map inlined (>1 MiB).
              compatibilityFlags: ['nodejs_compat', 'increase_websocket_message_size'],
              bindings: {
                ENVIRONMENT: 'test',
                // Every board read waits for its view to be counted: keep that wait short.
                VIEW_BATCH_MS: '25',
                // One feed a second per host past a burst, so a test sees the gate close.
                SOURCE_HOST_CHECKS_PER_MINUTE: '60',
                // One server's likes to a board past which it is answered 429, reached in a test
                // (the inbox benchmark sends its likes from one server).
                FEDIVERSE_INTERACTIONS_PER_SERVER_HOUR: process.env.BENCH ? '100000' : '12',
                // Discover's first page read anew each time, so a test's new board shows at once;
                // its cache is tested with its own window (discover-first-page.test.ts), and the
                // benchmark measures production's.
                DISCOVER_FIRST_PAGE_SECONDS: process.env.BENCH ? '10' : '0',
                // A database that hangs is given up on sooner (outage tests wait for it).
                D1_DEADLINE_MS: '1500',
                JWT_SECRET: 'test-secret-that-is-at-least-32-characters',
                // Tests stand in for Cloudflare: each names its client in CF-Connecting-IP.
                CLIENT_ADDRESS_HEADER: 'cf-connecting-ip',
                // Unfurl tests fetch pages from a loopback server (worker/dev/outside-site.ts);
                // the refusal of private addresses is tested with production's "false".
                UNFURL_PRIVATE_ADDRESSES: 'true',
                // Block covers are looked for in the background after any book or film is
                // written: where nothing answers, unless a test serves them (covers.test.ts).
                OPEN_LIBRARY_URL: 'http://127.0.0.1:9',
                OPEN_LIBRARY_COVERS_URL: 'http://127.0.0.1:9',
                LETTERBOXD_HOSTS: '127.0.0.1',
                TEST_MIGRATIONS: migrations,
              },
            },
          }),
        ],
        test: {
          name: 'worker',
          // The link-preview card's colours are read from Tailwind's theme (tailwind-palette.ts):
          // left out, CSS would arrive empty.
          css: { include: [/tailwindcss\/theme\.css/] },
          setupFiles: ['./worker/test/apply-migrations.ts', './worker/test/host-names.ts'],
          // The stand-in website link previews are read from (unfurl.test.ts).
          // …and the fediverse peers and the relay that lets them reach the Worker (fediverse tests).
          globalSetup: ['./worker/dev/outside-site.ts', './worker/dev/fediverse-peer.ts'],
          // `npm run bench` runs the benchmarks (figures printed, never asserted) instead.
          include: process.env.BENCH
            ? ['worker/bench/**/*.bench.ts']
            : ['worker/**/*.test.ts', 'schema/**/*.test.ts'],
        },
      },
      {
        // The web app's rules (status and progress, auto-ratio, focal point…) as plain functions.
        test: {
          name: 'web',
          environment: 'node',
          include: process.env.BENCH ? [] : ['web/**/*.test.ts'],
        },
      },
      {
        // Components drawn by React in Chromium, with the app's stylesheet, clicked and typed into.
        plugins: [react(), tailwindcss()],
        // Bundled before the first test: found later (the app's entry, reached through the shell),
        // they reload the browser mid-run, and a test file loading then never starts.
        optimizeDeps: { include: ['react-dom/client', 'workbox-window'] },
        test: {
          name: 'components',
          include: process.env.BENCH ? [] : ['web/**/*.browser.test.tsx'],
          setupFiles: ['./web/test/browser-setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            // Debian's Chromium where it exists, as the journeys run it; Playwright's own otherwise.
            provider: playwright({
              launchOptions: {
                executablePath: existsSync(systemChromium) ? systemChromium : undefined,
                args: chromiumArgs,
              },
            }),
            instances: [{ browser: 'chromium' }],
            screenshotFailures: false,
          },
        },
      },
      {
        // The build's and the benchmark's assumptions about libraries, checked against them.
        test: {
          name: 'tooling',
          environment: 'node',
          // Under BENCH, the benchmarks' measures that need Node (the heap's size).
          include: process.env.BENCH
            ? ['worker/bench/**/*.measure.ts']
            : ['tools/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      },
    ],
  },
});
