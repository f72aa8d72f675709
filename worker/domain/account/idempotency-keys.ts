import { and, eq, lt } from 'drizzle-orm';
import { idempotencyKeys } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { Refusal } from '../../platform/refusal';

/** How long a key's first answer is kept and given again. */
const keptForMs = 24 * 60 * 60 * 1000;
/** A request still marked as being handled after this long was cut off; its key is free again. */
const abandonedAfterMs = 60 * 1000;

export type KeptAnswer = { status: number; contentType: string | null; body: string };

/**
 * Claims `key` for a request to `route` by `userId`: undefined when it is new (the request goes
 * ahead), or the answer given to it before. A key still being handled, or first sent to another
 * route, is refused with 409.
 */
export async function claimIdempotencyKey(
  db: Db,
  userId: number,
  key: string,
  route: string,
  now = Date.now(),
): Promise<KeptAnswer | undefined> {
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        lt(idempotencyKeys.createdAt, new Date(now - keptForMs)),
      ),
    );
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId, key, route, createdAt: new Date(now) })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return undefined;
  const kept = await db.select().from(idempotencyKeys).where(mine).get();
  if (!kept) return claimIdempotencyKey(db, userId, key, route, now);
  if (kept.route !== route) {
    throw new Refusal(
      'conflict',
      'This Idempotency-Key was already used for another request: send a new one.',
    );
  }
  if (kept.status !== null) {
    return { status: kept.status, contentType: kept.contentType, body: kept.body ?? '' };
  }
  if (kept.createdAt.getTime() < now - abandonedAfterMs) {
    await db.delete(idempotencyKeys).where(mine);
    return claimIdempotencyKey(db, userId, key, route, now);
  }
  throw new Refusal(
    'conflict',
    'A request with this Idempotency-Key is still being handled: try again in a moment.',
  );
}

/** Keeps the answer a claimed key's request was given. */
export async function keepIdempotentAnswer(
  db: Db,
  userId: number,
  key: string,
  answer: KeptAnswer,
) {
  await db
    .update(idempotencyKeys)
    .set(answer)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Frees a claimed key whose request failed, so that trying again can succeed. */
export async function releaseIdempotencyKey(db: Db, userId: number, key: string) {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}
