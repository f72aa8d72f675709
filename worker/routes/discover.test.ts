import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callJson, createBlock, createUser, type TestUser } from '../test/factories';

type DiscoverEntry = {
  user: { username: string; displayName: string } & Record<string, unknown>;
  blocks: { id: number; title: string }[];
};
type DiscoverPage = { boards: DiscoverEntry[]; nextCursor: number | null };

/** A search token no other test or file uses: lower-case letters and digits only. */
function searchToken(): string {
  return `d${Math.random().toString(36).slice(2, 8)}${Date.now().toString(36).slice(-4)}`;
}

async function setProfile(user: TestUser, profile: Record<string, unknown>) {
  const response = await callJson('PUT', '/api/auth/me', { token: user.token, body: profile });
  expect(response.status).toBe(200);
}

async function discover(params: Record<string, string | number>) {
  const query = new URLSearchParams(
    Object.entries(params).map(([key, value]) => [key, String(value)]),
  );
  const response = await callJson<DiscoverPage>('GET', `/api/discover?${query}`);
  return response;
}

/** Whose boards a search finds (boards name their owner by username, never by id). */
async function discoverNames(q: string): Promise<string[]> {
  const response = await discover({ q });
  expect(response.status).toBe(200);
  return response.body.boards.map((entry) => entry.user.username).sort();
}

const sorted = (names: string[]) => [...names].sort();

/** The ids of these usernames, in the same order: to check newest-first without ids on the wire. */
async function idsOf(usernames: string[]): Promise<number[]> {
  const ids = new Map<string, number>();
  for (const username of usernames) {
    const row = await env.DB.prepare('SELECT id FROM users WHERE username = ?')
      .bind(username)
      .first<{ id: number }>();
    ids.set(username, row?.id ?? -1);
  }
  return usernames.map((username) => ids.get(username) ?? -1);
}

describe('GET /api/discover', () => {
  it('lists only public boards', async () => {
    const token = searchToken();
    const shown = await createUser();
    const hidden = await createUser({ isPublic: false });
    await setProfile(shown, { bio: `into ${token}` });
    await setProfile(hidden, { bio: `into ${token}` });
    expect(await discoverNames(token)).toEqual([shown.username]);
  });

  it('lists only the visible blocks of each board', async () => {
    const token = searchToken();
    const owner = await createUser();
    await setProfile(owner, { bio: token });
    const visible = await createBlock(owner, { title: 'on show' });
    await createBlock(owner, { title: 'kept hidden', isVisible: false });
    const response = await discover({ q: token });
    expect(response.status).toBe(200);
    expect(response.body.boards).toHaveLength(1);
    const [entry] = response.body.boards;
    expect(entry?.blocks.map((block) => block.id)).toEqual([visible.id]);
    expect(JSON.stringify(response.body)).not.toContain('kept hidden');
  });

  it('shows a board with no blocks with an empty block list', async () => {
    const token = searchToken();
    const owner = await createUser();
    await setProfile(owner, { bio: token });
    const response = await discover({ q: token });
    expect(response.body.boards).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ username: owner.username }),
        blocks: [],
      }),
    ]);
  });

  it('shows at most 12 visible blocks of a board, in board order', async () => {
    const token = searchToken();
    const owner = await createUser();
    await setProfile(owner, { bio: token });
    const created = [];
    for (let i = 1; i <= 13; i += 1)
      created.push(await createBlock(owner, { title: `block ${i}` }));
    const response = await discover({ q: token });
    expect(response.body.boards[0]?.blocks.map((block) => block.id)).toEqual(
      created.slice(0, 12).map((block) => block.id),
    );
  });

  it('never shows email or password hash of the listed users', async () => {
    const token = searchToken();
    const owner = await createUser();
    await setProfile(owner, { bio: token });
    const response = await discover({ q: token });
    const user = response.body.boards[0]?.user;
    expect(user).toMatchObject({ username: owner.username });
    expect(user).not.toHaveProperty('id');
    expect(user).not.toHaveProperty('email');
    expect(user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(response.body)).not.toContain(owner.email);
  });

  it('searches displayName, username and bio case-insensitively', async () => {
    const token = searchToken();
    const byDisplayName = await createUser();
    await setProfile(byDisplayName, { displayName: `Alice ${token.toUpperCase()}` });
    const byBio = await createUser();
    await setProfile(byBio, {
      bio: `Learning ${token.slice(0, 4).toUpperCase()}${token.slice(4)} daily`,
    });
    const byUsername = await createUser({ username: `${token}u` });
    await setProfile(byUsername, { displayName: 'Someone else' });
    const unrelated = await createUser();
    await setProfile(unrelated, { bio: 'nothing to see' });

    const expected = sorted([byDisplayName.username, byBio.username, byUsername.username]);
    expect(await discoverNames(token)).toEqual(expected);
    expect(await discoverNames(token.toUpperCase())).toEqual(expected);
    expect(await discoverNames(`${token}U`)).toEqual([byUsername.username]);
    expect(await discoverNames(`alice ${token}`)).toEqual([byDisplayName.username]);
  });

  it('treats % in the search as a literal character, not a wildcard', async () => {
    const token = searchToken();
    const withPercent = await createUser();
    await setProfile(withPercent, { bio: `${token}%off` });
    const lookalike = await createUser();
    await setProfile(lookalike, { bio: `${token}xoff` });
    expect(await discoverNames(`${token}%off`)).toEqual([withPercent.username]);
    expect(await discoverNames(`${token}%`)).toEqual([withPercent.username]);
  });

  it('treats _ in the search as a literal character, not a wildcard', async () => {
    const token = searchToken();
    const withUnderscore = await createUser();
    await setProfile(withUnderscore, { bio: `${token}_z` });
    const lookalike = await createUser();
    await setProfile(lookalike, { bio: `${token}yz` });
    expect(await discoverNames(`${token}_z`)).toEqual([withUnderscore.username]);
  });

  it('treats a backslash in the search as a literal character', async () => {
    const token = searchToken();
    const withBackslash = await createUser();
    await setProfile(withBackslash, { bio: `${token}\\n` });
    const lookalike = await createUser();
    await setProfile(lookalike, { bio: `${token}n` });
    expect(await discoverNames(`${token}\\n`)).toEqual([withBackslash.username]);
  });

  it('pages with limit and cursor, newest first, without duplicates or gaps', async () => {
    const token = searchToken();
    const users: TestUser[] = [];
    for (let i = 0; i < 5; i += 1) {
      const user = await createUser();
      await setProfile(user, { bio: `page ${token}` });
      users.push(user);
    }
    const seen: string[] = [];
    const pageSizes: number[] = [];
    let cursor: number | null = null;
    do {
      const params: Record<string, string | number> = { q: token, limit: 2 };
      if (cursor !== null) params.cursor = cursor;
      const response = await discover(params);
      expect(response.status).toBe(200);
      pageSizes.push(response.body.boards.length);
      seen.push(...response.body.boards.map((entry) => entry.user.username));
      cursor = response.body.nextCursor;
    } while (cursor !== null && pageSizes.length < 10);

    expect(pageSizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(users.map((user) => user.username).reverse());
    expect(new Set(seen).size).toBe(5);
  });

  it('answers nextCursor null when everything fits on one page', async () => {
    const token = searchToken();
    const user = await createUser();
    await setProfile(user, { bio: token });
    const response = await discover({ q: token, limit: 1 });
    expect(response.body.boards).toHaveLength(1);
    expect(response.body.nextCursor).toBeNull();
  });

  it('refuses a limit over 50 or under 1, a bad cursor and an unknown parameter with 400', async () => {
    const refused: Record<string, string | number>[] = [
      { limit: 51 },
      { limit: 0 },
      { limit: 'many' },
      { cursor: -3 },
      { cursor: 'x' },
      { sort: 'name' },
    ];
    for (const params of refused) {
      const response = await discover(params);
      expect(response.status).toBe(400);
      expect(typeof response.body).toBe('object');
    }
    expect((await discover({ limit: 50 })).status).toBe(200);
  });

  it('refuses a search over 100 characters with 400', async () => {
    const response = await discover({ q: 'x'.repeat(101) });
    expect(response.status).toBe(400);
  });

  it('answers { boards, nextCursor } without a search', async () => {
    const owner = await createUser();
    const response = await discover({ limit: 50 });
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body.boards)).toBe(true);
    expect(response.body.boards.length).toBeGreaterThan(0);
    expect(response.body.boards.length).toBeLessThanOrEqual(50);
    // Newest first: a board created just now is on the first page unless 50 newer ones exist.
    const ids = await idsOf(response.body.boards.map((entry) => entry.user.username));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids[0]).toBeGreaterThanOrEqual(owner.id);
  });
});
