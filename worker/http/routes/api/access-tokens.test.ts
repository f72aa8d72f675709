import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TokenScope } from '../../../../schema/access-tokens';
import { personalAccessTokens } from '../../../../schema/tables';
import { sha256Hex } from '../../../domain/account/one-time-tokens';
import { getDb } from '../../../platform/db';
import {
  apiClient,
  blockPayload,
  call,
  callJson,
  createBlock,
  createUser,
  expectStatus,
  readJson,
  type TestUser,
} from '../../../test/factories';

async function createToken(user: TestUser, scopes: TokenScope[], name = 'Shortcut') {
  const created = await readJson(
    apiClient({ token: user.token }).account.tokens.$post({ json: { name, scopes } }),
  );
  expectStatus(created, 201);
  return created.body;
}

async function listTokens(user: TestUser) {
  const list = await readJson(apiClient({ token: user.token }).account.tokens.$get());
  expectStatus(list, 200);
  return list.body.tokens;
}

function setProgress(secret: string, blockId: number, progress: number) {
  return readJson(
    apiClient({ token: secret, settled: true }).blocks[':id'].$put({
      param: { id: String(blockId) },
      json: { progress },
    }),
  );
}

function storedToken(id: number) {
  return getDb(env)
    .select()
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.id, id))
    .get();
}

describe('personal access tokens: made, listed and revoked from settings', () => {
  it('shows the token once, prefixed up2_pat_, and keeps only its SHA-256', async () => {
    const user = await createUser();
    const { token, secret } = await createToken(user, ['read', 'blocks:write'], 'iOS Shortcut');
    expect(secret).toMatch(/^up2_pat_[\w-]{43}$/);
    expect(token).toMatchObject({ name: 'iOS Shortcut', scopes: ['read', 'blocks:write'] });
    expect(token.lastUsedAt).toBeNull();

    const row = await storedToken(token.id);
    expect(row?.tokenHash).toBe(await sha256Hex(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice('up2_pat_'.length));

    const listed = await readJson(apiClient({ token: user.token }).account.tokens.$get());
    expectStatus(listed, 200);
    expect(listed.body.tokens).toEqual([token]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
  });

  it('refuses a token without a name or a scope, or with an unknown scope, at its field', async () => {
    const user = await createUser();
    const noScope = await callJson<{ fields: Record<string, string> }>(
      'POST',
      '/api/account/tokens',
      { token: user.token, body: { name: 'CI', scopes: [] } },
    );
    expect(noScope.status).toBe(400);
    expect(noScope.body.fields.scopes).toBe('Choose what the token may do.');
    const unknown = await callJson<{ fields: Record<string, string> }>(
      'POST',
      '/api/account/tokens',
      { token: user.token, body: { name: 'CI', scopes: ['admin'] } },
    );
    expect(unknown.status).toBe(400);
    expect(Object.values(unknown.body.fields)).toContain('A scope is "read" or "blocks:write".');
    const noName = await callJson<{ fields: Record<string, string> }>(
      'POST',
      '/api/account/tokens',
      { token: user.token, body: { name: ' ', scopes: ['read'] } },
    );
    expect(noName.status).toBe(400);
    expect(noName.body.fields.name).toBe('Please name this token.');
  });

  it('holds at most 20 tokens per account: the 21st is refused with 409', async () => {
    const user = await createUser();
    for (let n = 0; n < 20; n++) await createToken(user, ['read'], `Token ${n}`);
    const more = await readJson(
      apiClient({ token: user.token }).account.tokens.$post({
        json: { name: 'One more', scopes: ['read'] },
      }),
    );
    expectStatus(more, 409);
    expect(more.body.error).toContain('Revoke one you no longer use first.');
  });

  it('holds at most 20 tokens even when 25 are asked for at once', async () => {
    const user = await createUser();
    const client = apiClient({ token: user.token });
    const asked = await Promise.all(
      Array.from({ length: 25 }, (_, n) =>
        client.account.tokens.$post({ json: { name: `Script ${n}`, scopes: ['read'] } }),
      ),
    );
    expect(asked.filter((answer) => answer.status === 201)).toHaveLength(20);
    expect(asked.filter((answer) => answer.status === 409)).toHaveLength(5);
    const listed = await readJson(client.account.tokens.$get());
    expectStatus(listed, 200);
    expect(listed.body.tokens).toHaveLength(20);
  });

  it("revokes only one's own tokens: another person's is 404 and keeps working", async () => {
    const owner = await createUser();
    const other = await createUser();
    const { token, secret } = await createToken(owner, ['read']);
    const revoke = await readJson(
      apiClient({ token: other.token }).account.tokens[':id'].$delete({
        param: { id: String(token.id) },
      }),
    );
    expectStatus(revoke, 404);
    const stillWorks = await readJson(apiClient({ token: secret }).blocks.me.$get());
    expect(stillWorks.status).toBe(200);
  });
});

describe('a personal access token on the API', () => {
  it('moves a block\'s progress with "blocks:write", and the public board shows it', async () => {
    const user = await createUser();
    const block = await createBlock(user, { progress: 10 });
    const { secret } = await createToken(user, ['blocks:write']);

    const moved = await setProgress(secret, block.id, 70);
    expectStatus(moved, 200);
    expect(moved.body.block).toMatchObject({ id: block.id, progress: 70, progressEnabled: true });

    const board = await readJson(
      apiClient().boards[':username'].$get({ query: {}, param: { username: user.username } }),
    );
    expectStatus(board, 200);
    expect(board.body.blocks.find((shown) => shown.id === block.id)?.progress).toBe(70);
  });

  it('refuses a progress outside 0 to 100 at its field, changing nothing', async () => {
    const user = await createUser();
    const block = await createBlock(user, { progress: 10 });
    const { secret } = await createToken(user, ['blocks:write']);
    const refused = await setProgress(secret, block.id, 101);
    expectStatus(refused, 400);
    expect(refused.body.fields?.progress).toBe('Progress must be a whole number from 0 to 100.');
    const mine = await readJson(apiClient({ token: user.token }).blocks.me.$get());
    expectStatus(mine, 200);
    expect(mine.body.blocks[0]?.progress).toBe(10);
  });

  it('creates, moves and deletes blocks with "blocks:write"', async () => {
    const user = await createUser();
    const { secret } = await createToken(user, ['blocks:write']);
    const client = apiClient({ token: secret });
    const created = await readJson(client.blocks.$post({ json: blockPayload({ title: 'CI' }) }));
    expectStatus(created, 201);
    const id = String(created.body.block.id);
    const moved = await readJson(
      client.blocks[':id'].$put({ param: { id }, json: { status: 'done' } }),
    );
    expectStatus(moved, 200);
    expect(moved.body.block.status).toBe('done');
    const deleted = await readJson(client.blocks[':id'].$delete({ param: { id } }));
    expectStatus(deleted, 200);
  });

  it('reads the owner\'s blocks and board, hidden blocks included, with "read"', async () => {
    const user = await createUser();
    await createBlock(user, { title: 'Secret plan', isVisible: false });
    const { secret } = await createToken(user, ['read']);
    const mine = await readJson(apiClient({ token: secret }).blocks.me.$get());
    expectStatus(mine, 200);
    expect(mine.body.blocks.map((block) => block.title)).toEqual(['Secret plan']);
    const board = await callJson<{ blocks: { title: string }[] }>(
      'GET',
      `/api/boards/${user.username}`,
      { token: secret },
    );
    expect(board.status).toBe(200);
    expect(board.body.blocks.map((block) => block.title)).toEqual(['Secret plan']);
  });

  it('is refused with 403 outside its scopes, saying which scope it lacks', async () => {
    const user = await createUser();
    const block = await createBlock(user, { progress: 10 });
    const reader = await createToken(user, ['read']);
    const writer = await createToken(user, ['blocks:write']);

    const write = await setProgress(reader.secret, block.id, 90);
    expectStatus(write, 403);
    expect(write.body.error).toBe(
      'This token lacks the "blocks:write" scope. Create a token with it in Account Settings.',
    );
    const read = await readJson(apiClient({ token: writer.secret }).blocks.me.$get());
    expectStatus(read, 403);
    expect(read.body.error).toContain('lacks the "read" scope');
    const board = await call('GET', `/api/boards/${user.username}`, { token: writer.secret });
    expect(board.status).toBe(403);
  });

  it('never works on account, token, password, email or profile routes: 403 with a message', async () => {
    const user = await createUser();
    const { secret } = await createToken(user, ['read', 'blocks:write']);
    const refused: [string, string, unknown?][] = [
      ['GET', '/api/account/tokens'],
      ['POST', '/api/account/tokens', { name: 'Another', scopes: ['read'] }],
      ['DELETE', '/api/account/tokens/1'],
      ['GET', '/api/account/export'],
      ['PUT', '/api/account/password', { currentPassword: user.password, newPassword: 'x' }],
      ['PUT', '/api/account/email', { email: 'new@example.com', password: user.password }],
      ['POST', '/api/account/sign-out-everywhere'],
      ['DELETE', '/api/account', { username: user.username }],
      ['GET', '/api/auth/me'],
      ['PUT', '/api/auth/me', { displayName: 'Script' }],
      ['GET', '/api/passkeys'],
      ['PUT', '/api/boards/me', { hideAllImages: true }],
      ['GET', '/api/analytics/me'],
      ['GET', '/api/notifications'],
      ['GET', '/api/sources'],
      ['POST', '/api/sources', { url: 'https://example.com/feed.xml' }],
    ];
    for (const [method, path, body] of refused) {
      const answer = await callJson<{ error: string }>(method, path, { token: secret, body });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.error, `${method} ${path}`).toBe(
        'Personal access tokens work only on block and board routes. Sign in to Up2 to do this.',
      );
    }
    // The account is untouched, and a signed-in session still reaches the same routes.
    const me = await readJson(apiClient({ token: user.token }).auth.me.$get());
    expectStatus(me, 200);
    expect(me.body.user.username).toBe(user.username);
    expect(await listTokens(user)).toHaveLength(1);
  });

  it('stops at once when revoked: the very next call is 401', async () => {
    const user = await createUser();
    const block = await createBlock(user);
    const { token, secret } = await createToken(user, ['blocks:write']);
    expect((await setProgress(secret, block.id, 40)).status).toBe(200);

    const revoked = await readJson(
      apiClient({ token: user.token }).account.tokens[':id'].$delete({
        param: { id: String(token.id) },
      }),
    );
    expectStatus(revoked, 200);
    const after = await setProgress(secret, block.id, 50);
    expectStatus(after, 401);
    expect(after.body.error).toBe(
      'This token has been revoked or does not exist. Create a new one.',
    );
    expect(await listTokens(user)).toEqual([]);
  });

  it('is refused when unknown, even with the prefix', async () => {
    const answer = await call('GET', '/api/blocks/me', { token: 'up2_pat_not-a-real-token' });
    expect(answer.status).toBe(401);
  });

  it('is limited per token: 429 with Retry-After past 60 calls a minute, other tokens unaffected', async () => {
    const user = await createUser();
    const busy = await createToken(user, ['read'], 'Busy');
    const calm = await createToken(user, ['read'], 'Calm');
    const statuses: number[] = [];
    for (let n = 0; n < 61; n++) {
      const answer = await call('GET', '/api/blocks/me', { token: busy.secret });
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.headers.get('retry-after')).toBe('60');
      await answer.body?.cancel();
    }
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const other = await call('GET', '/api/blocks/me', { token: calm.secret });
    expect(other.status).toBe(200);
  });

  it('notes its last use, written at most once a minute', async () => {
    const user = await createUser();
    const block = await createBlock(user);
    const { token, secret } = await createToken(user, ['blocks:write']);

    expect((await setProgress(secret, block.id, 20)).status).toBe(200);
    const [first] = await listTokens(user);
    expect(first?.lastUsedAt).not.toBeNull();

    // A second call within the minute writes nothing: the noted use stays the first one.
    expect((await setProgress(secret, block.id, 30)).status).toBe(200);
    expect((await listTokens(user))[0]?.lastUsedAt).toBe(first?.lastUsedAt);

    // Once the noted use is over a minute old, the next call notes a new one.
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await getDb(env)
      .update(personalAccessTokens)
      .set({ lastUsedAt: twoMinutesAgo })
      .where(eq(personalAccessTokens.id, token.id));
    expect((await setProgress(secret, block.id, 40)).status).toBe(200);
    const noted = (await listTokens(user))[0]?.lastUsedAt;
    expect(new Date(noted ?? 0).getTime()).toBeGreaterThan(twoMinutesAgo.getTime() + 60_000);
  });
});

describe('personal access tokens in the API reference', () => {
  it("shows moving a block's progress with curl, and which routes take a token with which scope", async () => {
    type Operation = { description?: string };
    const { body } = await callJson<{
      info: { description: string };
      paths: Record<string, Record<string, Operation>>;
    }>('GET', '/api/openapi.json');
    expect(body.info.description).toContain('curl -X PUT');
    expect(body.info.description).toContain('Authorization: Bearer $UP2_TOKEN');
    expect(body.info.description).toContain('{"progress":70}');
    expect(body.paths['/blocks/{id}']?.put?.description).toContain('`blocks:write` scope');
    expect(body.paths['/blocks/me']?.get?.description).toContain('`read` scope');
    expect(body.paths['/account/tokens']?.get?.description ?? '').not.toContain('scope');
  });
});
