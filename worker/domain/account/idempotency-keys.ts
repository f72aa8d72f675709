import { Buffer } from 'node:buffer';
import { and, eq, lt } from 'drizzle-orm';
import { idempotencyKeys } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { sha256Hex } from './one-time-tokens';

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
  const keyHash = await sha256Hex(key);
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.keyHash, keyHash));
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
    .values({ userId, keyHash, route, createdAt: new Date(now) })
    .onConflictDoNothing()
    .returning({ keyHash: idempotencyKeys.keyHash });
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
    return {
      status: kept.status,
      contentType: kept.contentType,
      body: kept.sealedBody === null ? '' : await unseal(kept.sealedBody, key, userId),
    };
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

/** Keeps the answer a claimed key's request was given, sealed so that only the key opens it. */
export async function keepIdempotentAnswer(
  db: Db,
  userId: number,
  key: string,
  { body, ...answer }: KeptAnswer,
) {
  await db
    .update(idempotencyKeys)
    .set({ ...answer, sealedBody: await seal(body, key, userId) })
    .where(
      and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.keyHash, await sha256Hex(key))),
    );
}

/** Frees a claimed key whose request failed, so that trying again can succeed. */
export async function releaseIdempotencyKey(db: Db, userId: number, key: string) {
  await db
    .delete(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.keyHash, await sha256Hex(key))),
    );
}

const ivBytes = 12;

async function answerKey(key: string, userId: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(key),
    'HKDF',
    false,
    ['deriveKey'],
  );
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new TextEncoder().encode(`up2 user ${userId}`),
      info: new TextEncoder().encode('up2 kept idempotent answer'),
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

async function seal(body: string, key: string, userId: number): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(ivBytes));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await answerKey(key, userId),
    new TextEncoder().encode(body),
  );
  return Buffer.concat([iv, new Uint8Array(sealed)]).toString('base64');
}

async function unseal(sealedBody: string, key: string, userId: number): Promise<string> {
  const bytes = Buffer.from(sealedBody, 'base64');
  const opened = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes.subarray(0, ivBytes) },
    await answerKey(key, userId),
    bytes.subarray(ivBytes),
  );
  return new TextDecoder().decode(opened);
}
