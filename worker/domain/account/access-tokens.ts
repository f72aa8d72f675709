import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import {
  accessTokenPrefix,
  type CreateAccessTokenInput,
  maxAccessTokens,
  type TokenScope,
  tokenScopes,
} from '../../../schema/access-tokens';
import { personalAccessTokens, users } from '../../../schema/tables';
import { type Db, failedWith } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import { randomToken, sha256Hex } from './one-time-tokens';
import type { UserRow } from './users';

/** Last use is written at most this often per token: a busy script costs no write per call. */
const lastUseResolutionMs = 60_000;

type TokenRow = typeof personalAccessTokens.$inferSelect;

export function scopesOf(row: Pick<TokenRow, 'scopes'>): TokenScope[] {
  const stored: unknown = JSON.parse(row.scopes);
  return tokenScopes.filter((scope) => Array.isArray(stored) && stored.includes(scope));
}

function shownToken(row: TokenRow) {
  return {
    id: row.id,
    name: row.name,
    scopes: scopesOf(row),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export function isAccessToken(bearer: string): boolean {
  return bearer.startsWith(accessTokenPrefix);
}

/** Makes a token: the secret is answered here once and only its SHA-256 is kept. */
export async function createAccessToken(
  db: Db,
  userId: number,
  { name, scopes }: { name: string; scopes: CreateAccessTokenInput['scopes'] },
) {
  const secret = `${accessTokenPrefix}${randomToken()}`;
  const [row] = await db
    .insert(personalAccessTokens)
    .values({ userId, name, scopes: JSON.stringify(scopes), tokenHash: await sha256Hex(secret) })
    .returning()
    .catch((error: unknown) => {
      if (!failedWith(error, 'access_tokens_full')) throw error;
      throw new Refusal(
        'conflict',
        `You have ${maxAccessTokens} tokens, the most an account can hold. Revoke one you no longer use first.`,
      );
    });
  if (!row) throw new Error('the new token was not stored');
  return { token: shownToken(row), secret };
}

/** The account's tokens, newest first: names, scopes and dates, never the tokens. */
export async function listAccessTokens(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.userId, userId))
    .orderBy(desc(personalAccessTokens.createdAt), desc(personalAccessTokens.id));
  return rows.map(shownToken);
}

/** Deletes the token: the next call that sends it is refused, since every call looks it up. */
export async function revokeAccessToken(db: Db, userId: number, id: number) {
  const removed = await db
    .delete(personalAccessTokens)
    .where(and(eq(personalAccessTokens.id, id), eq(personalAccessTokens.userId, userId)))
    .returning({ id: personalAccessTokens.id });
  if (removed.length === 0) throw new Refusal('not-found', 'No such token on your account.');
}

export type TokenHolder = {
  user: UserRow;
  tokenId: number;
  scopes: TokenScope[];
  lastUsedAt: Date | null;
};

/** Who a token acts for and what it may do, or null: revoked, or never ours. One read, no cache. */
export async function resolveAccessToken(db: Db, secret: string): Promise<TokenHolder | null> {
  const found = await db
    .select({ user: users, token: personalAccessTokens })
    .from(personalAccessTokens)
    .innerJoin(users, eq(users.id, personalAccessTokens.userId))
    .where(eq(personalAccessTokens.tokenHash, await sha256Hex(secret)))
    .get();
  if (!found) return null;
  const { user, token } = found;
  return { user, tokenId: token.id, scopes: scopesOf(token), lastUsedAt: token.lastUsedAt };
}

/**
 * Notes that the token was used now, if its last noted use is a minute old or more: at most one
 * write a minute per token, however often it is used. The condition is checked again in the
 * statement, so calls at once from one script write once.
 */
export async function noteAccessTokenUse(db: Db, holder: TokenHolder, now = new Date()) {
  const staleBefore = new Date(now.getTime() - lastUseResolutionMs);
  if (holder.lastUsedAt && holder.lastUsedAt > staleBefore) return;
  await db
    .update(personalAccessTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(personalAccessTokens.id, holder.tokenId),
        or(
          isNull(personalAccessTokens.lastUsedAt),
          lt(personalAccessTokens.lastUsedAt, staleBefore),
        ),
      ),
    );
}
