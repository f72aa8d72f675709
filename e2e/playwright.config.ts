import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, systemChromium } from './support/chromium';

/** Port of the production build served on workerd for the journeys (see `npm run e2e:serve`); E2E_PORT moves it, so two checkouts can run their journeys at once. */
const port = Number(process.env.E2E_PORT) || 4180;

export default defineConfig({
  testDir: '.',
  outputDir: '../test-results/e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // One browser per core leaves the server room to answer; more starve it and pages time out loading.
  workers: Math.max(1, availableParallelism()),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium where it exists; Playwright's own browser otherwise.
      executablePath: existsSync(systemChromium) ? systemChromium : undefined,
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    { name: 'chromium', dependencies: ['setup'], use: { ...devices['Desktop Chrome'] } },
  ],
  webServer: {
    // The server's output is kept in a file: the password-reset journey reads the mailed link.
    command: 'mkdir -p .wrangler && npm run e2e:serve 2>&1 | tee .wrangler/e2e-server.log',
    cwd: '..',
    url: `http://localhost:${port}/api/discover`,
    env: { UP2_E2E: '1', UP2_STATE_DIR: '.wrangler/e2e', PORT: String(port) },
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
