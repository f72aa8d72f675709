import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, inject, it } from 'vitest';
import { sources } from '../../schema/tables';
import { addSource, checkSource } from '../domain/sources/sources';
import { getDb } from '../platform/db';
import { createUser, uniqueName } from '../test/factories';
import { goodreadsShelf } from '../test/fixtures/feeds';

/**
 * `npm run bench:sources`: how many source checks one isolate (one core) makes a second against
 * feeds on a loopback server, for feeds that did not change (the server answers 304) and feeds
 * that did (a book changed shelf: fetched, parsed, its block moved, its story told). Figures are
 * printed, never asserted. Knobs: BENCH_SOURCES (default 100), BENCH_ROUNDS (default 5),
 * BENCH_IN_FLIGHT (checks at once, default 16).
 */
const site = inject('outsideSite');
const sourceCount = Number(process.env.BENCH_SOURCES) || 100;
const rounds = Number(process.env.BENCH_ROUNDS) || 5;
const inFlight = Number(process.env.BENCH_IN_FLIGHT) || 16;
// 30 books a feed: five feeds fill 150 of a board's 200 blocks.
const perBoard = 5;

/**
 * A shelf of 30 books, as a Goodreads shelf feed is; `round` decides which shelf the first is on.
 * Each feed has books of its own (`feed`): a book is one block per board, whichever feed lists it.
 */
function shelf(feed: number, round: number) {
  return goodreadsShelf(
    '%23ALL%23',
    Array.from({ length: 30 }, (_, n) => ({
      id: String(feed * 100 + n),
      title: `Book ${n}`,
      author: `Author ${n}`,
      shelf: n === 0 && round % 2 === 1 ? ('currently-reading' as const) : ('to-read' as const),
    })),
  );
}

async function serve(path: string, feed: number, round: number) {
  await fetch(`${site}/__pages${path}`, {
    method: 'PUT',
    body: JSON.stringify({
      headers: { 'content-type': 'application/rss+xml' },
      body: shelf(feed, round),
      etag: `"r${round}"`,
    }),
  });
}

async function connectAll() {
  const paths: string[] = [];
  const ids: number[] = [];
  for (let board = 0; board * perBoard < sourceCount; board++) {
    const user = await createUser();
    for (let n = 0; n < perBoard && board * perBoard + n < sourceCount; n++) {
      const path = `/${uniqueName('bench-feed')}`;
      await serve(path, paths.length, 0);
      // The domain's own call: the route allows a person 10 a minute.
      const board = { db: getDb(env), env, userId: user.id, origin: env.APP_URL };
      const added = await addSource(board, `${site}${path}`, {});
      paths.push(path);
      ids.push(added.id);
    }
  }
  return { paths, ids };
}

async function checkAll(ids: number[]) {
  const db = getDb(env);
  const queue = [...ids];
  let changed = 0;
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const source = await db.select().from(sources).where(eq(sources.id, id)).get();
      if (!source) throw new Error(`source ${id} is gone`);
      const board = { db, env, userId: source.userId, origin: env.APP_URL };
      const checked = await checkSource(board, source);
      changed += checked.changes.moved;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  return { ms: performance.now() - started, changed };
}

describe('source checks', () => {
  it('per second, unchanged (304) and changed', async () => {
    const { paths, ids } = await connectAll();
    const unchanged: number[] = [];
    const changed: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const quiet = await checkAll(ids);
      unchanged.push((ids.length / quiet.ms) * 1000);
      await Promise.all(paths.map((path, feed) => serve(path, feed, round)));
      const moved = await checkAll(ids);
      if (moved.changed !== ids.length)
        throw new Error(`expected ${ids.length} moves, got ${moved.changed}`);
      changed.push((ids.length / moved.ms) * 1000);
    }
    const median = (values: number[]) =>
      values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    console.log(
      [
        `Source checks, one isolate, ${ids.length} sources, ${inFlight} at once, median of ${rounds} rounds:`,
        `  unchanged (304): ${median(unchanged).toFixed(0)} checks/s (rounds: ${unchanged.map((v) => v.toFixed(0)).join(', ')})`,
        `  changed (a book moved shelf): ${median(changed).toFixed(0)} checks/s (rounds: ${changed.map((v) => v.toFixed(0)).join(', ')})`,
      ].join('\n'),
    );
  }, 600_000);
});
