import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from './fixtures';

/** What the journeys' server printed so far: the webServer tees its output into this file. */
export async function readServerLog(): Promise<string> {
  return readFile(
    path.join(test.info().config.rootDir, '..', '.wrangler', 'e2e-server.log'),
    'utf8',
  );
}
