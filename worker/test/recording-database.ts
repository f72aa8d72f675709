import { env } from 'cloudflare:workers';

export type RecordedStatement = { sql: string; params: unknown[] };

/** Reads a property of a proxied binding as the binding itself would answer it. */
function passThrough(target: object, property: string | symbol) {
  const value = Reflect.get(target, property);
  return typeof value === 'function' ? value.bind(target) : value;
}

function recordingBind(statement: D1PreparedStatement, recorded: RecordedStatement) {
  return new Proxy(statement, {
    get(target, property) {
      if (property !== 'bind') return passThrough(target, property);
      return (...params: unknown[]) => {
        recorded.params = params;
        return recordingBind(target.bind(...params), recorded);
      };
    },
  });
}

/**
 * `env` whose database records where each request's D1 session was asked to start, and every
 * statement it ran there, with its parameters: what the Worker really sent to D1.
 */
export function recordingDatabase() {
  const starts: (string | undefined)[] = [];
  const statements: RecordedStatement[] = [];
  const recording = <D extends D1Database | D1DatabaseSession>(database: D): D =>
    new Proxy(database, {
      get(target, property) {
        if (property === 'prepare') {
          return (sql: string) => {
            const recorded: RecordedStatement = { sql, params: [] };
            statements.push(recorded);
            return recordingBind(target.prepare(sql), recorded);
          };
        }
        if (property === 'withSession' && 'withSession' in target) {
          return (start?: string) => {
            starts.push(start);
            return recording(target.withSession(start));
          };
        }
        return passThrough(target, property);
      },
    });
  return { env: { ...env, DB: recording(env.DB) }, starts, statements };
}

/**
 * `env` whose database fails the first `times` runs of each statement `fails` picks (a single
 * statement or a batch holding one) with the error D1 gives when its connection drops, and counts
 * every run of those statements: what reached D1, retries included.
 */
export function flakyDatabase(fails: (sql: string) => boolean, times = 1) {
  const runs: string[] = [];
  let failuresLeft = times;
  const attempt = <T>(sqls: string[], run: () => Promise<T>): Promise<T> => {
    const chosen = sqls.filter(fails);
    if (chosen.length === 0) return run();
    runs.push(...chosen);
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      return Promise.reject(new Error('D1_ERROR: Network connection lost.'));
    }
    return run();
  };
  const sqlOf = new WeakMap<object, string>();
  const originalOf = new WeakMap<object, D1PreparedStatement>();
  const statement = (target: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(target, {
      get(inner, property) {
        if (property === 'bind') {
          return (...params: unknown[]) => statement(inner.bind(...params), sql);
        }
        if (['all', 'first', 'raw', 'run'].includes(String(property))) {
          const method = Reflect.get(inner, property) as (...args: unknown[]) => Promise<unknown>;
          return (...args: unknown[]) => attempt([sql], () => method.apply(inner, args));
        }
        return passThrough(inner, property);
      },
    });
    sqlOf.set(proxy, sql);
    originalOf.set(proxy, target);
    return proxy;
  };
  const database = <D extends D1Database | D1DatabaseSession>(target: D): D =>
    new Proxy(target, {
      get(inner, property) {
        if (property === 'prepare') return (sql: string) => statement(inner.prepare(sql), sql);
        if (property === 'batch') {
          return (statements: D1PreparedStatement[]) =>
            attempt(
              statements.map((s) => sqlOf.get(s) ?? ''),
              () => inner.batch(statements.map((s) => originalOf.get(s) ?? s)),
            );
        }
        if (property === 'withSession' && 'withSession' in inner) {
          return (start?: string) => database(inner.withSession(start));
        }
        return passThrough(inner, property);
      },
    });
  return { env: { ...env, DB: database(env.DB) } as Env, runs };
}
