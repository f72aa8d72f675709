import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations into migrations/; wrangler applies them (locally, in tests and on deploy).
export default defineConfig({
  dialect: 'sqlite',
  schema: './schema/tables.ts',
  out: './migrations',
});
