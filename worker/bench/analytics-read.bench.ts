import { env } from 'cloudflare:workers';
import { beforeAll, describe, it } from 'vitest';
import { getAnalytics } from '../domain/analytics/analytics';
import { lastDays } from '../domain/analytics/days';
import { readInsights } from '../domain/analytics/insights';
import { readViews } from '../domain/analytics/views';
import { getDb } from '../platform/db';

/**
 * `npm run bench:analytics`: what the owner's analytics page pays to read its views straight from
 * D1's daily rows, against a KV snapshot of the same figures (decision 0043). Boards with a year
 * of daily rows each (and a day of where-from rows each), the one read as big as the others.
 * Figures printed, never asserted.
 */
const boardCount = Number(process.env.BENCH_BOARDS) || 10_000;
const daysPerBoard = 365;
const reads = 1000;

const count = async (query: string) => (await env.DB.prepare(query).first<{ n: number }>())?.n ?? 0;
let boardId = 0;

beforeAll(async () => {
  const firstId = (await count('SELECT coalesce(max(id), 0) AS n FROM users')) + 1;
  const boards = `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${boardCount})`;
  const days = `days(d) AS (SELECT 0 UNION ALL SELECT d + 1 FROM days WHERE d < ${daysPerBoard - 1})`;
  const started = performance.now();
  await env.DB.batch([
    env.DB.prepare(`${boards}
      INSERT INTO users (username, email, display_name, password_hash, is_public)
      SELECT 'views' || n, 'views' || n || '@example.com', 'Views ' || n, '!', 1 FROM seq`),
    env.DB.prepare(`WITH RECURSIVE ${days}
      INSERT INTO daily_views (board_id, day, views, visitors, clicks)
      SELECT users.id, date('now', '-' || d || ' days'), 40 + (users.id + d) % 60, 30, 3
      FROM users, days WHERE users.id >= ${firstId}`),
    env.DB.prepare(`
      INSERT INTO daily_insights (board_id, day, kind, name, views)
      SELECT users.id, date('now'), kind, name, 5
      FROM users, (SELECT 'referrer' AS kind, 'news.example.com' AS name UNION ALL
                   SELECT 'country', 'DE' UNION ALL SELECT 'device', 'phone')
      WHERE users.id >= ${firstId}`),
  ]);
  boardId = firstId + Math.floor(boardCount / 2);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const rows = await count('SELECT count(*) AS n FROM daily_views');
  console.log(`Seeded ${boardCount} boards, ${rows} daily rows, in ${seconds} s`);
}, 600_000);

/** The mean of `reads` reads one after another: workerd's clock moves in whole milliseconds. */
async function timed(task: () => Promise<unknown>) {
  const started = performance.now();
  for (let i = 0; i < reads; i++) await task();
  return `${((performance.now() - started) / reads).toFixed(2)} ms a read`;
}

describe("the owner's analytics page, its views", () => {
  it('read from D1 or from a KV snapshot', async () => {
    const db = getDb(env);
    const key = `bench-views:${boardId}`;
    await env.COUNTERS.put(key, JSON.stringify(await readViews(db, boardId)));
    const [firstChartDay] = lastDays(30, Date.now());
    const statements = {
      'all-time total': env.DB.prepare(
        'SELECT coalesce(sum(views), 0) FROM daily_views WHERE board_id = ?',
      ).bind(boardId),
      '30 days': env.DB.prepare('SELECT * FROM daily_views WHERE board_id = ? AND day >= ?').bind(
        boardId,
        firstChartDay,
      ),
    };
    const plans: string[] = [];
    for (const [name, statement] of Object.entries(statements)) {
      const { meta } = await statement.all();
      plans.push(
        `  ${name}: ${meta.rows_read} rows read, ${meta.duration.toFixed(3)} ms in SQLite`,
      );
    }
    const figures = {
      'D1, readViews (one batch: total + 30 days)': await timed(() => readViews(db, boardId)),
      'KV, snapshot get (JSON)': await timed(() => env.COUNTERS.get(key, 'json')),
      'D1, readInsights (already on the page)': await timed(() => readInsights(db, boardId)),
      'D1, readViews and readInsights at once': await timed(() =>
        Promise.all([readViews(db, boardId), readInsights(db, boardId)]),
      ),
      "D1, the page's every read (getAnalytics)": await timed(() => getAnalytics(env, boardId)),
    };
    console.log(
      [
        `The analytics page's reads, one board of ${daysPerBoard} daily rows among ${boardCount}, mean of ${reads} reads each (local workerd):`,
        ...plans,
        ...Object.entries(figures).map(([name, figure]) => `  ${name}: ${figure}`),
      ].join('\n'),
    );
  }, 600_000);
});
