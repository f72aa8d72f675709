import { sql } from 'drizzle-orm';
import { quotas } from '../../schema/tables';
import type { Db } from './db';

export type Quota = { limit: number; windowMs: number };
type QuotaUse = { allowed: boolean; retryAfterSeconds: number };

/**
 * Takes one use of the allowance named `key` (uploads an hour, reset mails an hour): one upsert,
 * so parallel requests never both take the last use. A window starts with its first use and lasts
 * `windowMs`; once it has passed, the count starts again.
 */
export async function takeQuota(db: Db, key: string, quota: Quota, now = Date.now()) {
  const expired = sql`${quotas.windowStart} <= ${now - quota.windowMs}`;
  const [row] = await db
    .insert(quotas)
    .values({ key, windowStart: new Date(now), count: 1 })
    .onConflictDoUpdate({
      target: quotas.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${quotas.count} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN ${now} ELSE ${quotas.windowStart} END`,
      },
    })
    .returning({ count: quotas.count, windowStart: quotas.windowStart });
  const count = row?.count ?? 1;
  const windowEnd = (row?.windowStart.getTime() ?? now) + quota.windowMs;
  return {
    allowed: count <= quota.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)),
  } satisfies QuotaUse;
}

/** Forgets windows that ended more than a day ago (the longest window in use is an hour). */
export function deleteStaleQuotas(db: Db, now = Date.now()) {
  return db.delete(quotas).where(sql`${quotas.windowStart} < ${now - 24 * 3600 * 1000}`);
}
