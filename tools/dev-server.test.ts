import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const stateDir = mkdtempSync(join(tmpdir(), 'up2-dev-'));
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Runs `npm run dev` until the landing page has answered, and returns all it printed. */
async function devServerOutput(): Promise<{ printed: string; landingStatus: number }> {
  const port = await freePort();
  const dev = spawn('npm', ['run', 'dev'], {
    // A newcomer's shell: nothing of this test run (VITEST, NODE_ENV=test…) reaches the server.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      UP2_STATE_DIR: stateDir,
    },
    detached: true,
  });
  let printed = '';
  dev.stdout.on('data', (chunk) => (printed += chunk));
  dev.stderr.on('data', (chunk) => (printed += chunk));
  try {
    while (!printed.includes('Local:')) {
      if (dev.exitCode !== null) throw new Error(`npm run dev stopped:\n${printed}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const landing = await fetch(`http://localhost:${port}/`);
    await landing.text();
    // Warnings of the Worker's bindings are printed as it starts serving: give them a moment.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return { printed, landingStatus: landing.status };
  } finally {
    if (dev.pid) process.kill(-dev.pid, 'SIGTERM');
  }
}

it('npm run dev starts offline and quietly: no lookup of Cloudflare, no warning about AI charges', async () => {
  const { printed, landingStatus } = await devServerOutput();
  expect(landingStatus).toBe(200);
  expect(printed).not.toMatch(/ENOTFOUND/);
  expect(printed).not.toMatch(/usage charges/i);
  expect(printed).not.toMatch(/error/i);
}, 180_000);
