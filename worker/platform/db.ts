import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { Refusal } from './refusal';

const defaultDeadlineMs = 5000;
const retryAfterSeconds = 30;

// What the database says when it refuses a statement by a rule of ours (a constraint, a trigger):
// an answer about the request, not an outage.
const refusalsByRule = ['constraint failed', 'board_full'];

/** True when D1 refused a statement with a message containing `marker` (a constraint or trigger). */
export function failedWith(error: unknown, marker: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (String((e as { message?: unknown }).message ?? e).includes(marker)) return true;
  }
  return false;
}

const unavailable = (cause: unknown) =>
  new Refusal(
    'unavailable',
    'Up2 cannot reach its database right now. Please try again in a minute.',
    { retryAfterSeconds, cause },
  );

// What D1 says when a statement failed on its way, before or while it ran, rather than by what it
// asked (the messages Cloudflare's D1 starter template retries on).
const transientFailures = [
  'Network connection lost',
  'storage caused object to be reset',
  'reset because its code was updated',
];

const isTransient = (error: unknown) =>
  transientFailures.some((marker) => failedWith(error, marker));

// A statement that only reads may run twice with the same result; anything else may not.
const readOnlyStatement = /^\s*(select|with|explain)\b/i;
const writingKeyword = /\b(insert|update|delete|replace|create|drop|alter|pragma|vacuum)\b/i;

function onlyReads(sql: string | undefined): boolean {
  return sql !== undefined && readOnlyStatement.test(sql) && !writingKeyword.test(sql);
}

/** `call` again, once, when it only reads and failed on the way: a write is never sent twice. */
async function retryingReads<T>(call: () => Promise<T>, readsOnly: boolean): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!readsOnly || !isTransient(error)) throw error;
    return await call();
  }
}

/**
 * Runs one call to D1 within the deadline; a read that failed on the way is tried once more
 * within it. A failure that is not a rule of ours refusing the statement, or no answer in time,
 * is the database being unavailable: a `Refusal` the API answers with 503 and pages answer from
 * their last copy (board-cache.ts, edge-cache.ts).
 */
async function withinDeadline<T>(
  call: () => Promise<T>,
  deadlineMs: number,
  readsOnly: boolean,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`D1 gave no answer in ${deadlineMs} ms`)),
      deadlineMs,
    );
  });
  try {
    return await Promise.race([retryingReads(call, readsOnly), timeout]);
  } catch (error) {
    if (refusalsByRule.some((marker) => failedWith(error, marker))) throw error;
    throw unavailable(error);
  } finally {
    clearTimeout(timer);
  }
}

const originals = new WeakMap<object, D1PreparedStatement>();
const readingStatements = new WeakSet<object>();

function guardStatement(
  statement: D1PreparedStatement,
  deadlineMs: number,
  readsOnly: boolean,
): D1PreparedStatement {
  const guarded = new Proxy(statement, {
    get(target, property) {
      if (property === 'bind') {
        return (...values: unknown[]) =>
          guardStatement(target.bind(...values), deadlineMs, readsOnly);
      }
      const value = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      if (['all', 'first', 'raw', 'run'].includes(String(property))) {
        return (...args: unknown[]) =>
          withinDeadline(
            () => value.apply(target, args) as Promise<unknown>,
            deadlineMs,
            readsOnly,
          );
      }
      return value.bind(target);
    },
  });
  originals.set(guarded, statement);
  if (readsOnly) readingStatements.add(guarded);
  return guarded;
}

/** What drizzle's D1 driver calls on its client: a database binding and a session both offer it. */
type D1Queries = Pick<D1Database, 'prepare' | 'batch'>;

/** The D1 binding or a session on it, with every query and batch run within the deadline (`withinDeadline`). */
function guardDatabase(database: D1Queries, deadlineMs: number): D1Queries {
  return new Proxy(database, {
    get(target, property) {
      if (property === 'prepare') {
        return (query: string) => {
          try {
            return guardStatement(target.prepare(query), deadlineMs, onlyReads(query));
          } catch (error) {
            throw unavailable(error);
          }
        };
      }
      if (property === 'batch') {
        return (statements: D1PreparedStatement[]) =>
          withinDeadline(
            () =>
              target.batch(statements.map((statement) => originals.get(statement) ?? statement)),
            deadlineMs,
            statements.every((statement) => readingStatements.has(statement)),
          );
      }
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function deadlineOf(env: Pick<Env, 'D1_DEADLINE_MS'>): number {
  const ms = Number(env.D1_DEADLINE_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : defaultDeadlineMs;
}

/**
 * drizzle over a binding or a session. Its D1 driver calls only `prepare` and `batch` on the
 * client, which a session has too; every API test runs through a session, so a driver that
 * needed more would fail them. No relational schema: drizzle would walk every table of it each
 * time it is built, which is once per request, and the queries here are all core ones.
 */
function drizzleOver(client: D1Queries, env: Pick<Env, 'D1_DEADLINE_MS'>) {
  return drizzle(guardDatabase(client, deadlineOf(env)) as D1Database);
}

/** The database as jobs and tests use it: every statement on the primary. */
export function getDb(env: Pick<Env, 'DB' | 'D1_DEADLINE_MS'>) {
  return drizzleOver(env.DB, env);
}

/** The database through one D1 session: reads from the nearest copy that is recent enough for it. */
export function getSessionDb(session: D1DatabaseSession, env: Pick<Env, 'D1_DEADLINE_MS'>): Db {
  return drizzleOver(session, env);
}

// D1's bookmarks are four hex groups. Anything else is never handed to D1, which would refuse the
// whole request over it.
const bookmarkShape = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

export function isBookmark(value: string | null | undefined): value is string {
  return !!value && bookmarkShape.test(value);
}

/**
 * The database as of a write: from the nearest copy that already holds the statement that reached
 * `bookmark`, or from any copy when there is none to wait for.
 */
export function databaseAfter(env: Pick<Env, 'DB' | 'D1_DEADLINE_MS'>, bookmark?: string): Db {
  return getSessionDb(
    env.DB.withSession(isBookmark(bookmark) ? bookmark : 'first-unconstrained'),
    env,
  );
}

export type Db = ReturnType<typeof getDb>;

/**
 * Raw SQL as an item of `db.batch`: drizzle's D1 driver binds each item's prepared `stmt`, which
 * its raw queries (`db.all`, `db.run`) lack; this gives them one. `rawAll` answers the rows.
 */
export function rawAll<Row>(db: Db, query: SQL) {
  return withStatement(db, db.all<Row>(query));
}

export function rawRun(db: Db, query: SQL) {
  return withStatement(db, db.run(query));
}

function withStatement<Raw extends { getQuery(): { sql: string } }>(db: Db, raw: Raw) {
  return Object.assign(raw, { stmt: db.$client.prepare(raw.getQuery().sql) });
}
