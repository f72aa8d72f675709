import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  apiClient,
  blockPayload,
  createBlock,
  createUser,
  expectStatus,
  readJson,
} from '../../test/factories';

const withKey = (token: string, key: string) =>
  apiClient({ token, headers: { 'idempotency-key': key } });

describe('Idempotency-Key', () => {
  it('answers a repeated POST /api/blocks with the first answer and creates one block', async () => {
    const owner = await createUser();
    const key = crypto.randomUUID();
    const first = await readJson(withKey(owner.token, key).blocks.$post({ json: blockPayload() }));
    const again = await readJson(withKey(owner.token, key).blocks.$post({ json: blockPayload() }));
    expectStatus(first, 201);
    expectStatus(again, 201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const mine = await readJson(apiClient({ token: owner.token }).blocks.me.$get());
    expectStatus(mine, 200);
    expect(mine.body.blocks).toHaveLength(1);
    // Another key is another block.
    const other = await readJson(
      withKey(owner.token, crypto.randomUUID()).blocks.$post({ json: blockPayload() }),
    );
    expect(other.status).toBe(201);
  });

  it('copies a block once for one key, and creates one token for one key', async () => {
    const [owner, copier] = [await createUser(), await createUser()];
    const block = await createBlock(owner);
    const key = crypto.randomUUID();
    const copy = () =>
      readJson(
        withKey(copier.token, key).blocks[':id'].copy.$post({
          param: { id: String(block.id) },
        }),
      );
    const [first, again] = [await copy(), await copy()];
    expectStatus(first, 201);
    expect(again.body).toEqual(first.body);
    const mine = await readJson(apiClient({ token: copier.token }).blocks.me.$get());
    expectStatus(mine, 200);
    expect(mine.body.blocks).toHaveLength(1);

    const tokenKey = crypto.randomUUID();
    const create = () =>
      readJson(
        withKey(copier.token, tokenKey).account.tokens.$post({
          json: { name: 'script', scopes: ['read'] },
        }),
      );
    const [token, tokenAgain] = [await create(), await create()];
    expectStatus(token, 201);
    expect(tokenAgain.body).toEqual(token.body);
    const tokens = await readJson(apiClient({ token: copier.token }).account.tokens.$get());
    expectStatus(tokens, 200);
    expect(tokens.body.tokens).toHaveLength(1);
  });

  it('refuses a key reused on another route with 409, and a malformed key with 400', async () => {
    const owner = await createUser();
    const key = crypto.randomUUID();
    expect((await withKey(owner.token, key).blocks.$post({ json: blockPayload() })).status).toBe(
      201,
    );
    const elsewhere = await readJson(
      withKey(owner.token, key).account.tokens.$post({ json: { name: 'x', scopes: ['read'] } }),
    );
    expectStatus(elsewhere, 409);
    expect(elsewhere.body.error).toContain('already used for another request');
    const malformed = await readJson(
      withKey(owner.token, 'has spaces in it').blocks.$post({ json: blockPayload() }),
    );
    expectStatus(malformed, 400);
  });

  it('keeps no refusal: after a 400 the same key can succeed', async () => {
    const owner = await createUser();
    const key = crypto.randomUUID();
    const refused = await withKey(owner.token, key).blocks.$post({
      json: { ...blockPayload(), title: '' },
    });
    expect(refused.status).toBe(400);
    expect((await withKey(owner.token, key).blocks.$post({ json: blockPayload() })).status).toBe(
      201,
    );
  });

  it('keeps neither the key nor a created token in clear: only the retrying client reads it', async () => {
    const owner = await createUser();
    const key = crypto.randomUUID();
    const created = await readJson(
      withKey(owner.token, key).account.tokens.$post({
        json: { name: 'script', scopes: ['read'] },
      }),
    );
    expectStatus(created, 201);
    const rows = await env.DB.prepare('SELECT * FROM idempotency_keys WHERE user_id = ?')
      .bind(owner.id)
      .all();
    const stored = JSON.stringify(rows.results);
    expect(rows.results).toHaveLength(1);
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(created.body.secret);

    const again = await readJson(
      withKey(owner.token, key).account.tokens.$post({
        json: { name: 'script', scopes: ['read'] },
      }),
    );
    expect(again.body).toEqual(created.body);
    const otherPerson = await createUser();
    const theirs = await readJson(
      withKey(otherPerson.token, key).account.tokens.$post({
        json: { name: 'script', scopes: ['read'] },
      }),
    );
    expectStatus(theirs, 201);
    expect(theirs.body.secret).not.toBe(created.body.secret);
  });
});
