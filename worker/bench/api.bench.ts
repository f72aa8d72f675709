import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, it } from 'vitest';
import worker from '../index';
import { findPublicBoard } from '../services/boards';
import { getDb } from '../services/db';
import { ogCardOf } from '../services/og-card';
import { renderOgImage } from '../services/og-image';
import { call, createBlock, createUser, fetchSettled } from '../test/factories';

const boardCount = 100_000;
const blocksPerBoard = 4;

/** 100,000 public boards with 4 blocks each, made inside D1 in two statements. */
async function seedBoards() {
  const existing = await env.DB.prepare('SELECT count(*) AS n FROM users').first<{ n: number }>();
  if ((existing?.n ?? 0) >= boardCount) return;
  await env.DB.batch([
    env.DB.prepare(`
      WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${boardCount})
      INSERT INTO users (username, email, display_name, password_hash, bio)
      SELECT 'bench' || n, 'bench' || n || '@example.com', 'Bench User ' || n, '!',
             CASE WHEN n % 1000 = 0 THEN 'Learning pottery and Rust' ELSE 'Reading and running' END
      FROM seq`),
    env.DB.prepare(`
      WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${blocksPerBoard})
      INSERT INTO blocks (user_id, position, category, type, title, status, progress)
      SELECT users.id, seq.n, 'learning', 'books-reading', 'Book ' || seq.n, 'now', 50
      FROM users CROSS JOIN seq`),
  ]);
}

/**
 * Times `rounds` sequential calls and prints the median and 95th percentile.
 * workerd's clock advances across I/O, so each D1-bound call is timed truly.
 */
async function measure(
  label: string,
  call: () => Promise<unknown>,
  rounds = 50,
  prepare?: () => Promise<unknown>,
) {
  const durations: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    await prepare?.();
    const started = Date.now();
    await call();
    durations.push(Date.now() - started);
  }
  durations.sort((a, b) => a - b);
  const at = (share: number) =>
    durations[Math.min(durations.length - 1, Math.floor(share * durations.length))];
  console.log(`${label.padEnd(58)} median ${at(0.5)} ms  p95 ${at(0.95)} ms  (${rounds} calls)`);
}

const get = (path: string) => exports.default.fetch(`http://bench.test${path}`);

async function loadBoardCountingView(path: string) {
  const ctx = createExecutionContext();
  await worker.fetch(new Request(`http://bench.test${path}`), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe(`API with ${boardCount.toLocaleString('en')} boards of ${blocksPerBoard} blocks`, () => {
  beforeAll(async () => {
    const started = Date.now();
    await seedBoards();
    console.log(`seeded in ${Date.now() - started} ms`);
  }, 600_000);

  it('prints latency figures', async () => {
    await measure('GET /api/discover (first page of 24)', () => get('/api/discover'));
    await measure('GET /api/discover?q=pottery (search all boards)', () =>
      get('/api/discover?q=pottery'),
    );
    await measure('GET /api/discover?q=nomatch (worst case: scans all)', () =>
      get('/api/discover?q=nomatch'),
    );
    await measure('GET /api/discover?cursor=50000 (deep page)', () =>
      get('/api/discover?cursor=50000'),
    );
    await measure('GET /api/boards/bench777 (view counted)', () =>
      loadBoardCountingView('/api/boards/bench777'),
    );
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 500 }, () => loadBoardCountingView('/api/boards/bench778')),
    );
    console.log(
      `${'500 concurrent views of one board'.padEnd(58)} ${Date.now() - started} ms in all`,
    );
  }, 600_000);
});

// Its own board, so `npm run bench:api -- -t link-preview` runs without seeding 100,000 boards.
describe('the link-preview card (GET /api/og/:username.png)', () => {
  it('prints its render time and size', async () => {
    const owner = await createUser();
    const profile = { tagline: 'Designer learning Rust, training for a half marathon' };
    await call('PUT', '/api/auth/me', { token: owner.token, body: profile });
    for (const title of [
      'The Pragmatic Programmer',
      'Learning Rust by building a tiny key-value store from scratch',
      'Run a half marathon',
      'Lisbon to Porto by train',
    ]) {
      await createBlock(owner, { title, label: null });
    }
    const { username } = owner;
    const board = await findPublicBoard(getDb(env), username);
    if (!board) throw new Error(`${username} has no public board`);
    const card = ogCardOf(board.body);
    // A timer's turn of the event loop before the clock is read again: the render does no I/O.
    const turn = () => new Promise((resolve) => setTimeout(resolve, 0));
    let png = new Uint8Array();
    await renderOgImage(card, null);
    await measure(
      'render the og card (satori + resvg, warm isolate)',
      async () => {
        png = await renderOgImage(card, null);
        await turn();
      },
      20,
    );
    console.log(`${'og card PNG, 1200x630, 4 Now blocks'.padEnd(58)} ${png.byteLength} bytes`);
    const cards = async () =>
      (await env.IMAGES.list({ prefix: `og/${username}/` })).objects.map((object) => object.key);
    await measure(
      'GET /api/og/:username.png (not stored: rendered and stored)',
      () => fetchSettled(new Request(`http://bench.test/api/og/${username}.png`)),
      20,
      async () => env.IMAGES.delete(await cards()),
    );
    await measure('GET /api/og/:username.png (stored in R2)', () => get(`/api/og/${username}.png`));
  }, 600_000);
});
