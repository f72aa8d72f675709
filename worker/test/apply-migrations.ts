import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// Idempotent: migrations already applied in this storage are skipped.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
