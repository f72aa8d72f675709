import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import { eq } from 'drizzle-orm';
import { fediverseKeys } from '../../../schema/tables';
import type { Db } from '../../platform/db';

const algorithms = ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const;
type Algorithm = (typeof algorithms)[number];

/**
 * RSA at 2048 bits, as Mastodon signs: every delivery is one RSA signature, and 4096 bits (Fedify's
 * default) costs several times the CPU per delivery (docs/decisions/0036).
 */
const newKeyPair = (algorithm: Algorithm): Promise<CryptoKeyPair> =>
  algorithm === 'Ed25519'
    ? generateCryptoKeyPair('Ed25519')
    : (crypto.subtle.generateKey(
        {
          name: 'RSASSA-PKCS1-v1_5',
          modulusLength: 2048,
          publicExponent: new Uint8Array([1, 0, 1]),
          hash: 'SHA-256',
        },
        true,
        ['sign', 'verify'],
      ) as Promise<CryptoKeyPair>);

async function storeNewKeyPair(db: Db, userId: number, algorithm: Algorithm) {
  const pair = await newKeyPair(algorithm);
  await db
    .insert(fediverseKeys)
    .values({
      userId,
      algorithm,
      privateKey: JSON.stringify(await exportJwk(pair.privateKey)),
      publicKey: JSON.stringify(await exportJwk(pair.publicKey)),
    })
    // Two first requests at once: the first stored wins, and both read it back below.
    .onConflictDoNothing();
}

const readKeys = (db: Db, userId: number) =>
  db.select().from(fediverseKeys).where(eq(fediverseKeys.userId, userId));

/**
 * A board actor's key pairs, RSA first (HTTP Signatures, the `publicKey` Mastodon reads) then
 * Ed25519 (Object Integrity Proofs): made and stored the first time they are asked for.
 */
export async function boardKeyPairs(db: Db, userId: number): Promise<CryptoKeyPair[]> {
  let rows = await readKeys(db, userId);
  const missing = algorithms.filter(
    (algorithm) => !rows.some((row) => row.algorithm === algorithm),
  );
  if (missing.length > 0) {
    await Promise.all(missing.map((algorithm) => storeNewKeyPair(db, userId, algorithm)));
    rows = await readKeys(db, userId);
  }
  return Promise.all(
    algorithms.flatMap((algorithm) => {
      const row = rows.find((stored) => stored.algorithm === algorithm);
      if (!row) return [];
      return (async () => ({
        privateKey: await importJwk(JSON.parse(row.privateKey), 'private'),
        publicKey: await importJwk(JSON.parse(row.publicKey), 'public'),
      }))();
    }),
  );
}
