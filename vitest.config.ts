import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

const migrations = await readD1Migrations('./migrations');

// Worker tests run inside workerd against the real local D1, KV, R2 and Durable Objects.
export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: './wrangler.toml' },
      // Workers AI is remote-only: tests drive its code path through a mock (see images.test.ts).
      remoteBindings: false,
      miniflare: {
        bindings: {
          ENVIRONMENT: 'test',
          JWT_SECRET: 'test-secret-that-is-at-least-32-characters',
          TEST_MIGRATIONS: migrations,
        },
      },
    }),
  ],
  test: {
    setupFiles: ['./worker/test/apply-migrations.ts'],
    // `npm run bench` runs the benchmarks (figures printed, never asserted) instead of the tests.
    include: process.env.BENCH
      ? ['worker/bench/**/*.bench.ts']
      : ['worker/**/*.test.ts', 'schema/**/*.test.ts'],
  },
});
