import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  blockPayload,
  call,
  callJson,
  createBlock,
  createUser,
  type TestUser,
} from '../test/factories';

type DiscoverEntry = {
  user: { username: string; displayName: string } & Record<string, unknown>;
  board: { globalImageRatio: string; hideAllImages: boolean };
  blocks: { id: number; title: string }[];
};
type DiscoverPage = { boards: DiscoverEntry[]; nextCursor: string | null; total: number };

/** A search token no other test or file uses: lower-case letters and digits only. */
function searchToken(): string {
  return `d${Math.random().toString(36).slice(2, 8)}${Date.now().toString(36).slice(-4)}`;
}

async function setProfile(user: TestUser, profile: Record<string, unknown>) {
  const response = await callJson('PUT', '/api/auth/me', { token: user.token, body: profile });
  expect(response.status).toBe(200);
}

/** A public board with one visible block (Discover lists no empty board) and this profile. */
async function boardWith(profile: Record<string, unknown>, user?: TestUser) {
  const owner = user ?? (await createUser());
  await setProfile(owner, profile);
  await createBlock(owner);
  return owner;
}

/** Marks a block as changed at `at`, so tests order boards without waiting on the clock. */
async function touchedAt(blockId: number, at: number) {
  await env.DB.prepare('UPDATE blocks SET updated_at = ? WHERE id = ?').bind(at, blockId).run();
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

describe('GET /api/discover', () => {
  it('lists only public boards', async () => {
    const token = searchToken();
    const shown = await boardWith({ bio: `into ${token}` });
    await boardWith({ bio: `into ${token}` }, await createUser({ isPublic: false }));
    expect(await discoverNames(token)).toEqual([shown.username]);
  });

  it('lists no board without blocks', async () => {
    const token = searchToken();
    const empty = await createUser();
    await setProfile(empty, { bio: token });
    const shown = await boardWith({ bio: token });
    expect(await discoverNames(token)).toEqual([shown.username]);
  });

  it('lists no board whose blocks are all hidden, and lists it again once one shows', async () => {
    const token = searchToken();
    const owner = await createUser();
    await setProfile(owner, { bio: token });
    const hidden = await createBlock(owner, { isVisible: false });
    expect(await discoverNames(token)).toEqual([]);

    const shown = await callJson('PUT', `/api/blocks/${hidden.id}`, {
      token: owner.token,
      body: blockPayload({ isVisible: true }),
    });
    expect(shown.status).toBe(200);
    expect(await discoverNames(token)).toEqual([owner.username]);
  });

  it('drops a board whose last visible block is deleted', async () => {
    const token = searchToken();
    const owner = await createUser();
    await setProfile(owner, { bio: token });
    const block = await createBlock(owner);
    expect(await discoverNames(token)).toEqual([owner.username]);
    expect((await call('DELETE', `/api/blocks/${block.id}`, { token: owner.token })).status).toBe(
      200,
    );
    expect(await discoverNames(token)).toEqual([]);
  });

  it('lists the most recently updated board first, whenever its owner joined', async () => {
    const token = searchToken();
    const owners = [];
    for (let i = 0; i < 3; i += 1) {
      const owner = await createUser();
      await setProfile(owner, { bio: token });
      owners.push({ owner, block: await createBlock(owner) });
    }
    const [first, second, third] = owners;
    if (!first || !second || !third) throw new Error('three boards expected');
    await touchedAt(third.block.id, 1_000);
    await touchedAt(first.block.id, 3_000);
    await touchedAt(second.block.id, 2_000);
    const response = await discover({ q: token });
    expect(response.body.boards.map((entry) => entry.user.username)).toEqual([
      first.owner.username,
      second.owner.username,
      third.owner.username,
    ]);
  });

  it("orders a board by its visible blocks' last change, not a hidden block's", async () => {
    const token = searchToken();
    const quiet = await createUser();
    await setProfile(quiet, { bio: token });
    const shownBlock = await createBlock(quiet);
    const hiddenBlock = await createBlock(quiet, { isVisible: false });
    const busy = await createUser();
    await setProfile(busy, { bio: token });
    const busyBlock = await createBlock(busy);
    await touchedAt(shownBlock.id, 1_000);
    await touchedAt(busyBlock.id, 2_000);
    await touchedAt(hiddenBlock.id, 3_000);
    expect((await discover({ q: token })).body.boards.map((entry) => entry.user.username)).toEqual([
      busy.username,
      quiet.username,
    ]);
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

  it('gives each board its own image settings, defaults for one never set', async () => {
    const token = searchToken();
    const plain = await boardWith({ bio: `${token} plain` });
    const styled = await boardWith({ bio: `${token} styled` });
    const settings = await call('PUT', '/api/boards/me', {
      token: styled.token,
      body: { globalImageRatio: 'wide', hideAllImages: true },
    });
    expect(settings.status).toBe(200);
    const response = await discover({ q: token });
    const boardOf = (owner: TestUser) =>
      response.body.boards.find((entry) => entry.user.username === owner.username)?.board;
    expect(boardOf(plain)).toEqual({ globalImageRatio: 'square', hideAllImages: false });
    expect(boardOf(styled)).toEqual({ globalImageRatio: 'wide', hideAllImages: true });
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
    const owner = await boardWith({ bio: token });
    const response = await discover({ q: token });
    const user = response.body.boards[0]?.user;
    expect(user).toMatchObject({ username: owner.username });
    expect(user).not.toHaveProperty('id');
    expect(user).not.toHaveProperty('email');
    expect(user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(response.body)).not.toContain(owner.email);
  });

  it("carries each board's tagline", async () => {
    const token = searchToken();
    await boardWith({ bio: token, tagline: 'Learning Rust, one crate a week' });
    const response = await discover({ q: token });
    expect(response.body.boards[0]?.user.tagline).toBe('Learning Rust, one crate a week');
  });

  it('searches displayName, username and bio case-insensitively', async () => {
    const token = searchToken();
    const byDisplayName = await boardWith({ displayName: `Alice ${token.toUpperCase()}` });
    const byBio = await boardWith({
      bio: `Learning ${token.slice(0, 4).toUpperCase()}${token.slice(4)} daily`,
    });
    const byUsername = await boardWith(
      { displayName: 'Someone else' },
      await createUser({ username: `${token}u` }),
    );
    await boardWith({ bio: 'nothing to see' });

    const expected = sorted([byDisplayName.username, byBio.username, byUsername.username]);
    expect(await discoverNames(token)).toEqual(expected);
    expect(await discoverNames(token.toUpperCase())).toEqual(expected);
    expect(await discoverNames(`${token}U`)).toEqual([byUsername.username]);
    expect(await discoverNames(`alice ${token}`)).toEqual([byDisplayName.username]);
  });

  it('treats % in the search as a literal character, not a wildcard', async () => {
    const token = searchToken();
    const withPercent = await boardWith({ bio: `${token}%off` });
    await boardWith({ bio: `${token}xoff` });
    expect(await discoverNames(`${token}%off`)).toEqual([withPercent.username]);
    expect(await discoverNames(`${token}%`)).toEqual([withPercent.username]);
  });

  it('treats _ in the search as a literal character, not a wildcard', async () => {
    const token = searchToken();
    const withUnderscore = await boardWith({ bio: `${token}_z` });
    await boardWith({ bio: `${token}yz` });
    expect(await discoverNames(`${token}_z`)).toEqual([withUnderscore.username]);
  });

  it('treats a backslash in the search as a literal character', async () => {
    const token = searchToken();
    const withBackslash = await boardWith({ bio: `${token}\\n` });
    await boardWith({ bio: `${token}n` });
    expect(await discoverNames(`${token}\\n`)).toEqual([withBackslash.username]);
  });

  it('pages with limit and cursor, latest update first, without duplicates or gaps', async () => {
    const token = searchToken();
    const users: TestUser[] = [];
    for (let i = 0; i < 5; i += 1) {
      const user = await createUser();
      await setProfile(user, { bio: `page ${token}` });
      // Two boards changed in the same millisecond: the cursor must still tell them apart.
      await touchedAt((await createBlock(user)).id, 5_000 + Math.floor(i / 2));
      users.push(user);
    }
    const seen: string[] = [];
    const pageSizes: number[] = [];
    const totals: number[] = [];
    let cursor: string | null = null;
    do {
      const params: Record<string, string | number> = { q: token, limit: 2 };
      if (cursor !== null) params.cursor = cursor;
      const response = await discover(params);
      expect(response.status).toBe(200);
      pageSizes.push(response.body.boards.length);
      totals.push(response.body.total);
      seen.push(...response.body.boards.map((entry) => entry.user.username));
      cursor = response.body.nextCursor;
    } while (cursor !== null && pageSizes.length < 10);

    expect(pageSizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(users.map((user) => user.username).reverse());
    expect(new Set(seen).size).toBe(5);
    expect(totals).toEqual([5, 5, 5]);
  });

  it('counts every matching board, not only the page it sends', async () => {
    const token = searchToken();
    for (let i = 0; i < 3; i += 1) await boardWith({ bio: token });
    await setProfile(await createUser(), { bio: token });
    const response = await discover({ q: token, limit: 1 });
    expect(response.body.boards).toHaveLength(1);
    expect(response.body.total).toBe(3);
  });

  it('answers nextCursor null when everything fits on one page', async () => {
    const token = searchToken();
    await boardWith({ bio: token });
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
      { cursor: '12-x' },
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

  it('answers { boards, nextCursor, total } without a search, the board changed last first', async () => {
    const owner = await createUser();
    await createBlock(owner);
    const response = await discover({ limit: 50 });
    expect(response.status).toBe(200);
    expect(response.body.boards.length).toBeLessThanOrEqual(50);
    expect(response.body.total).toBeGreaterThanOrEqual(response.body.boards.length);
    expect(response.body.boards[0]?.user.username).toBe(owner.username);
  });

  it('has an index that serves the page in order, without scanning or sorting every account', async () => {
    const plan = await env.DB.prepare(
      `EXPLAIN QUERY PLAN SELECT id FROM users WHERE is_public = 1 AND board_updated_at IS NOT NULL
       AND (board_updated_at, id) < (?, ?) ORDER BY board_updated_at DESC, id DESC LIMIT 25`,
    )
      .bind(Date.now(), 1_000_000)
      .all<{ detail: string }>();
    const details = plan.results.map((row) => row.detail).join('\n');
    expect(details).toContain('users_discover');
    expect(details).not.toContain('TEMP B-TREE');
  });
});
