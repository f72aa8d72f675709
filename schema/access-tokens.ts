import { z } from 'zod';
import { visibleText } from './fields';

/** What a personal access token may do: read the owner's board and blocks, or change blocks. */
export const tokenScopes = ['read', 'blocks:write'] as const;
export type TokenScope = (typeof tokenScopes)[number];

/** Every token starts with this, so secret scanners recognise one pasted where it should not be. */
export const accessTokenPrefix = 'up2_pat_';

/** At most this many live tokens per account (the database holds to it: migration 0023). */
export const maxAccessTokens = 20;

const tokenName = z
  .string({ error: 'Please name this token.' })
  .trim()
  .min(1, 'Please name this token.')
  .max(50, 'A token name is 50 characters at most.')
  .pipe(visibleText('Token name'));

export const createAccessTokenInput = z.strictObject({
  name: tokenName,
  scopes: z
    .array(z.enum(tokenScopes, { error: 'A scope is "read" or "blocks:write".' }), {
      error: 'Choose what the token may do.',
    })
    .min(1, 'Choose what the token may do.')
    .transform((scopes) => tokenScopes.filter((scope) => scopes.includes(scope))),
});

export type CreateAccessTokenInput = z.input<typeof createAccessTokenInput>;

/** A token as its owner sees it in settings: never the token itself. */
const accessTokenItem = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(tokenScopes)),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});

export type AccessTokenItem = z.infer<typeof accessTokenItem>;

export const accessTokensAnswer = z.object({ tokens: z.array(accessTokenItem) });

/** The one answer that carries the token: shown once, never again. */
export const createdAccessTokenAnswer = z.object({
  token: accessTokenItem,
  secret: z.string().startsWith(accessTokenPrefix),
});
