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
