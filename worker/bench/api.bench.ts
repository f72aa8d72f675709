import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, it } from 'vitest';
import { categoryKeys } from '../../schema/categories';
import { findPublicBoard } from '../domain/boards/boards';
import { rollUpDiscover } from '../domain/discover/discover';
import { readYearFigures } from '../domain/year/figures';
import worker from '../index';
import { getDb } from '../platform/db';
import { ogCardOf } from '../render/og-card';
import { renderOgImage } from '../render/og-image';
import { call, createBlock, createUser, fetchSettled } from '../test/factories';

const boardCount = 1_000_000;
const blocksPerBoard = 2;
const seedChunk = 100_000;
const floorLabel = 'GET /api/no-such-route (the floor: a 404, no database)';
/** Public boards Discover does not list (their owners never proved their address). */
const unprovenWave = 100_000;
/** Each board's news is a minute after the previous board's, ending about now. */
const newsStart = Date.now() - boardCount * 60_000;
const categoryList = categoryKeys.map((key) => `'${key}'`).join(', ');

const count = async (query: string) => (await env.DB.prepare(query).first<{ n: number }>())?.n ?? 0;

/**
 * Boards `bench{from+1}` to `bench{to}`, made inside D1: the owners (private while their blocks go
 * in, so the search index is written once per board, not once per block), two blocks each (a book,
 * and one of every category in turn), a start for each board's news, then public and established
 * (listed on Discover, as a proven account a day old is). One board in a thousand is into pottery
 * and Portuguese: what the searches find.
 */
async function seedBoards(from: number, to: number) {
  const lowestId = await count('SELECT coalesce(max(id), 0) AS n FROM users');
  const seq = `WITH RECURSIVE seq(n) AS (SELECT ${from + 1} UNION ALL SELECT n + 1 FROM seq WHERE n < ${to})`;
  await env.DB.batch([
    env.DB.prepare(`${seq}
      INSERT INTO users (username, email, display_name, password_hash, bio, tagline, is_public)
      SELECT 'bench' || n, 'bench' || n || '@example.com', 'Bench User ' || n, '!',
             CASE WHEN n % 1000 = 0 THEN 'Learning pottery and Rust' ELSE 'Reading and running' END,
             'Up to something', 0
      FROM seq`),
    env.DB.prepare(`
      INSERT INTO blocks (user_id, position, category, type, title, status, progress, status_since)
      SELECT id, 1, 'learning', 'books-reading',
             CASE WHEN id % 1000 = 0 THEN 'Portuguese A2' ELSE 'Book ' || id END, 'now', 50, 0
      FROM users WHERE id > ${lowestId}`),
    env.DB.prepare(`
      INSERT INTO blocks (user_id, position, category, type, title, status, progress, status_since)
      SELECT id, 2, json_extract(json_array(${categoryList}), '$[' || (id % 7) || ']'),
             'tasks-goals', 'Goal ' || id, 'planned', 0, 0
      FROM users WHERE id > ${lowestId}`),
    env.DB.prepare(`
      INSERT INTO block_story_events (user_id, block_id, kind, at)
      SELECT user_id, id, 'started', ${newsStart} + user_id * 60000
      FROM blocks WHERE user_id > ${lowestId} AND position = 1`),
    env.DB.prepare(
      `UPDATE users SET is_public = 1, established_at = created_at WHERE id > ${lowestId}`,
    ),
  ]);
}

/**
 * Seeds the boards in chunks of 100,000 (each a batch of 5 statements), printing each chunk's time.
 * The test runner keeps D1 in a temporary folder per run, so every run seeds anew.
 */
async function seedAllBoards() {
  for (let from = 0; from < boardCount; from += seedChunk) {
    const to = Math.min(boardCount, from + seedChunk);
    const started = Date.now();
    await seedBoards(from, to);
    console.log(`seeded boards ${from + 1}-${to} in ${Date.now() - started} ms`);
  }
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

/**
 * A person following `boards` boards spread over the million, each with ten more events of news
 * over the last weeks besides the one every board has.
 */
async function readerFollowing(boards: number) {
  const reader = await createUser();
  const spread = Math.floor(boardCount / boards);
  await env.DB.batch([
    env.DB.prepare(`
      WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${boards})
      INSERT INTO follows (follower_id, followed_id)
      SELECT ?, users.id FROM seq JOIN users ON users.username = 'bench' || (seq.n * ${spread})`).bind(
      reader.id,
    ),
    env.DB.prepare(`
      WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 10)
      INSERT INTO block_story_events (user_id, block_id, kind, at)
      SELECT blocks.user_id, blocks.id, CASE seq.n % 2 WHEN 0 THEN 'finished' ELSE 'started' END,
             ${Date.now()} - (seq.n * 86400000) - (blocks.user_id % 86400000)
      FROM follows JOIN blocks ON blocks.user_id = follows.followed_id, seq
      WHERE follows.follower_id = ?`).bind(reader.id),
  ]);
  return reader;
}

/** A cursor `depth` boards into Discover, as a person paging that far would hold. */
async function cursorAt(depth: number) {
  const row = await env.DB.prepare(
    `SELECT last_activity_at AS at, id FROM users WHERE is_public = 1 AND established_at IS NOT NULL
       AND kept_off_discover = 0 AND last_activity_at IS NOT NULL
     ORDER BY last_activity_at DESC, id DESC LIMIT 1 OFFSET ?`,
  )
    .bind(depth)
    .first<{ at: number; id: number }>();
  return row ? `${row.at}-${row.id}` : '';
}

describe(`API with ${boardCount.toLocaleString('en')} boards of ${blocksPerBoard} blocks`, () => {
  beforeAll(async () => {
    const started = Date.now();
    await seedAllBoards();
    console.log(`${'seeded in all'.padEnd(58)} ${Date.now() - started} ms`);
    const rolled = Date.now();
    await rollUpDiscover(getDb(env));
    console.log(`${'Discover rollup (trending, counts)'.padEnd(58)} ${Date.now() - rolled} ms`);
  }, 3_600_000);

  it('prints latency figures', async () => {
    // What any answer costs here before the database: the floor the figures below stand on.
    await measure(floorLabel, () => get('/api/no-such-route'));
    await measure('GET /api/discover (first page of 24)', () => get('/api/discover'));
    const deep = await cursorAt(Math.floor(boardCount / 2));
    await measure(`GET /api/discover?cursor= (${Math.floor(boardCount / 2)} boards deep)`, () =>
      get(`/api/discover?cursor=${deep}`),
    );
    await measure('GET /api/discover?category=creative (first page)', () =>
      get('/api/discover?category=creative'),
    );
    await measure('GET /api/discover?q=pottery (a match: 1 board in 1000)', () =>
      get('/api/discover?q=pottery'),
    );
    await measure('GET /api/discover?q=portug (a block-title prefix)', () =>
      get('/api/discover?q=portug'),
    );
    await measure('GET /api/discover?q=zqxjv (a miss)', () => get('/api/discover?q=zqxjv'));
    await measure('GET /api/discover?q=reading (a common word: 999 boards in 1000)', () =>
      get('/api/discover?q=reading'),
    );
    await measure('GET /api/discover?q=bench12 (a prefix of 11,111 usernames)', () =>
      get('/api/discover?q=bench12'),
    );
    for (const typed of ['r', 'rea', 'read']) {
      await measure(`GET /api/discover?q=${typed} (typed letter by letter)`, () =>
        get(`/api/discover?q=${typed}`),
      );
    }
    await measure('GET /api/discover/trending', () => get('/api/discover/trending'));
    const reader = await readerFollowing(500);
    const feed = (path: string) =>
      exports.default.fetch(`http://bench.test${path}`, {
        headers: { authorization: `Bearer ${reader.token}` },
      });
    await measure('GET /api/following/feed (following 500 boards)', () =>
      feed('/api/following/feed'),
    );
    const second = (await (await feed('/api/following/feed')).json()) as { nextCursor: string };
    await measure('GET /api/following/feed?cursor= (their second page)', () =>
      feed(`/api/following/feed?cursor=${second.nextCursor}`),
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
    // Last, since it changes the boards: a wave of sign-ups that never prove their address, with
    // the latest news of all, is public but not listed.
    await env.DB.prepare(
      `UPDATE users SET established_at = NULL WHERE id > (SELECT max(id) - ${unprovenWave} FROM users)`,
    ).run();
    await measure(
      `GET /api/discover (first page, the newest ${unprovenWave.toLocaleString('en')} boards unproven)`,
      () => get('/api/discover'),
    );
  }, 600_000);
});

/**
 * A full year on one of the million boards: 150 more blocks, each added, started and finished
 * (some planned first) on days spread over this year, 40 of them copied: about 600 events.
 */
async function busyYear(username: string) {
  const owner = await env.DB.prepare('SELECT id FROM users WHERE username = ?')
    .bind(username)
    .first<{ id: number }>();
  if (!owner) throw new Error(`no ${username}`);
  const yearStart = Date.UTC(new Date().getUTCFullYear(), 0, 1);
  const day = 86_400_000;
  const copier = await createUser();
  await env.DB.batch([
    env.DB.prepare(`
      WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 150)
      INSERT INTO blocks (user_id, position, category, type, title, status, progress, status_since)
      SELECT ?1, 10 + n, json_extract(json_array(${categoryList}), '$[' || (n % 7) || ']'),
             'books-reading', 'Year block ' || n, CASE WHEN n % 5 = 0 THEN 'now' ELSE 'done' END,
             CASE WHEN n % 5 = 0 THEN 50 ELSE 100 END, ?2 + (n * 2 + 3) * ?3
      FROM seq`).bind(owner.id, yearStart, day),
    env.DB.prepare(`
      WITH RECURSIVE k(kind, step) AS (VALUES ('added', 0), ('planned', 1), ('started', 2), ('finished', 3))
      INSERT INTO block_story_events (user_id, block_id, kind, at)
      SELECT blocks.user_id, blocks.id, k.kind, ?2 + ((blocks.position - 10) * 2 + k.step) * ?3
      FROM blocks, k
      WHERE blocks.user_id = ?1 AND blocks.position > 10
        AND NOT (k.kind = 'finished' AND blocks.status = 'now')`).bind(owner.id, yearStart, day),
    env.DB.prepare(`
      INSERT INTO block_copies (source_block_id, copier_id, created_at)
      SELECT id, ?2, ?3 + position * ?4 FROM blocks WHERE user_id = ?1 AND position BETWEEN 11 AND 50`).bind(
      owner.id,
      copier.id,
      yearStart,
      day,
    ),
  ]);
}

describe(`building a year with ${boardCount.toLocaleString('en')} boards`, () => {
  beforeAll(async () => {
    if ((await count("SELECT count(*) AS n FROM users WHERE username = 'bench999999'")) === 0) {
      await seedAllBoards();
    }
    await busyYear('bench555');
  }, 3_600_000);

  it('prints the time to build a year', async () => {
    const year = new Date().getUTCFullYear();
    const db = getDb(env);
    await measure('building a year (figures of a busy board: 2 round trips)', () =>
      readYearFigures(db, 'bench555', year),
    );
    // A yardstick read under the same load: the same board as its page reads it.
    await measure('reading the same board (findPublicBoard, for comparison)', () =>
      findPublicBoard(db, 'bench555'),
    );
    // The board's version does not change between calls: after the first, the answer is kept.
    await measure(
      `GET /api/boards/bench555/years/${year} (same version: the isolate's memory)`,
      () => get(`/api/boards/bench555/years/${year}`),
    );
  }, 600_000);
});

// Its own board, so `npm run bench:api -- -t link-preview` runs without seeding a million boards.
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
