import { drizzle } from 'drizzle-orm/d1';
import * as tables from '../../schema/tables';

export function getDb(env: Pick<Env, 'DB'>) {
  return drizzle(env.DB, { schema: tables });
}

export type Db = ReturnType<typeof getDb>;

/** True when D1 refused a statement with a message containing `marker` (a constraint or trigger). */
export function failedWith(error: unknown, marker: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (String((e as { message?: unknown }).message ?? e).includes(marker)) return true;
  }
  return false;
}
