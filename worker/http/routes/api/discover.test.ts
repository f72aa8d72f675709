import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { searchCountAtMost } from '../../../domain/discover/discover';
import {
  type ApiClient,
  apiClient,
  createBlock,
  createUser,
  deleteBlock,
  editBlock,
  expectStatus,
  moveBlockTo,
  offContract,
  readJson,
  runDiscoverRollup,
  type TestUser,
  updateProfile,
} from '../../../test/factories';
import { recordingDatabase } from '../../../test/recording-database';

type ProfileChange = Parameters<typeof updateProfile>[1];

type DiscoverParams = Parameters<ApiClient['discover']['$get']>[0]['query'];

/** A search token no other test or file uses: lower-case letters and digits only. */
function searchToken(): string {
  return `d${Math.random().toString(36).slice(2, 8)}${Date.now().toString(36).slice(-4)}`;
}

async function setProfile(user: TestUser, profile: ProfileChange) {
  expectStatus(await updateProfile(user, profile), 200);
}

/** A public board with one visible block (Discover lists no empty board) and this profile. */
async function boardWith(profile: ProfileChange, user?: TestUser) {
  const owner = user ?? (await createUser());
  await setProfile(owner, profile);
  await createBlock(owner);
  return owner;
}

/** Gives a board its latest news at `at`, so tests tie two boards to the millisecond. */
async function newsAt(owner: TestUser, at: number) {
  await env.DB.prepare('UPDATE users SET last_activity_at = ? WHERE id = ?')
    .bind(at, owner.id)
    .run();
}

async function blocksOf(owner: TestUser) {
  const board = await readJson(
    apiClient().boards[':username'].$get({ query: {}, param: { username: owner.username } }),
  );
  expectStatus(board, 200);
  return board.body.blocks;
}

async function saveBlock(owner: TestUser, id: number, overrides: Parameters<typeof editBlock>[2]) {
  expectStatus(await editBlock(owner, id, overrides), 200);
}

async function removeBlock(owner: TestUser, id: number) {
  expectStatus(await deleteBlock(owner, id), 200);
}

async function moveFirstBlock(owner: TestUser, status: 'now' | 'planned' | 'done') {
  const [block] = await blocksOf(owner);
  if (!block) throw new Error(`${owner.username} has no block to move`);
  expectStatus(await moveBlockTo(owner, block.id, status), 200);
}

/**
 * The query plan of each statement Discover runs for `query`, with its SQL: the statements the
 * route really sends to D1, not a copy of them.
 */
async function discoverPlans(query: DiscoverParams) {
  const recorded = recordingDatabase();
  expectStatus(await readJson(apiClient({ settled: recorded.env }).discover.$get({ query })), 200);
  return Promise.all(
    recorded.statements.map(async ({ sql, params }) => {
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      return { sql, plan: plan.results.map((row) => row.detail).join('\n') };
    }),
  );
}

/** The plan of the statement that reads a Discover page's boards (their full rows). */
async function pagePlan(query: DiscoverParams) {
  const plans = await discoverPlans(query);
  const page = plans.find(({ sql }) => sql.startsWith('select "users"."id", "users"."username"'));
  if (!page) throw new Error(`no page statement among ${plans.length}`);
  return page.plan;
}

/** A Discover page, asserted answered. */
async function discover(query: DiscoverParams) {
  const response = await readJson(apiClient().discover.$get({ query }));
  expectStatus(response, 200);
  return response.body;
}

/** How Discover answers a query outside its contract. */
async function discoverRefusing(query: Record<string, string | number>) {
  return readJson(apiClient().discover.$get({ query: offContract<DiscoverParams>(query) }));
}

/** Whose boards a search finds, in Discover's order. */
async function discoverOrder(q: string): Promise<string[]> {
  const response = await discover({ q });
  return response.boards.map((entry) => entry.user.username);
}

/** Whose boards a search finds (boards name their owner by username, never by id). */
async function discoverNames(q: string): Promise<string[]> {
  const response = await discover({ q });
  return response.boards.map((entry) => entry.user.username).sort();
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

    await saveBlock(owner, hidden.id, { isVisible: true });
    expect(await discoverNames(token)).toEqual([owner.username]);
  });

  it('drops a board whose last visible block is deleted', async () => {
    const token = searchToken();
    const owner = await createUser();
    await setProfile(owner, { bio: token });
    const block = await createBlock(owner);
    expect(await discoverNames(token)).toEqual([owner.username]);
    await removeBlock(owner, block.id);
    expect(await discoverNames(token)).toEqual([]);
  });

  it('lists the board with the latest story event first, whenever its owner joined', async () => {
    const token = searchToken();
    const first = await boardWith({ bio: token });
    const second = await boardWith({ bio: token });
    const third = await boardWith({ bio: token });
    expect(await discoverOrder(token)).toEqual([third, second, first].map((u) => u.username));

    // Starting a block is news: its board goes first.
    await moveFirstBlock(first, 'done');
    expect(await discoverOrder(token)).toEqual([first, third, second].map((u) => u.username));

    // An edit that tells no story (a new title) moves nothing.
    const [block] = await blocksOf(second);
    if (!block) throw new Error('the second board has no block');
    await saveBlock(second, block.id, { title: 'A new title' });
    expect(await discoverOrder(token)).toEqual([first, third, second].map((u) => u.username));
  });

  it("ranks a board by its visible blocks' news, not a hidden block's, until it shows", async () => {
    const token = searchToken();
    const quiet = await boardWith({ bio: token });
    const hidden = await createBlock(quiet, { isVisible: false, status: 'planned' });
    const busy = await boardWith({ bio: token });
    await saveBlock(quiet, hidden.id, { isVisible: false, status: 'done', progress: 100 });
    expect(await discoverOrder(token)).toEqual([busy.username, quiet.username]);

    await saveBlock(quiet, hidden.id, { isVisible: true, status: 'done', progress: 100 });
    expect(await discoverOrder(token)).toEqual([quiet.username, busy.username]);
  });

  it('lists only the visible blocks of each board', async () => {
    const token = searchToken();
    const owner = await createUser();
    await setProfile(owner, { bio: token });
    const visible = await createBlock(owner, { title: 'on show' });
    await createBlock(owner, { title: 'kept hidden', isVisible: false });
    const response = await discover({ q: token });
    expect(response.boards).toHaveLength(1);
    const [entry] = response.boards;
    expect(entry?.blocks.map((block) => block.id)).toEqual([visible.id]);
    expect(JSON.stringify(response)).not.toContain('kept hidden');
  });

  it('gives each board its own image settings, defaults for one never set', async () => {
    const token = searchToken();
    const plain = await boardWith({ bio: `${token} plain` });
    const styled = await boardWith({ bio: `${token} styled` });
    const settings = await readJson(
      apiClient({ token: styled.token }).boards.me.$put({
        json: { globalImageRatio: 'wide', hideAllImages: true },
      }),
    );
    expectStatus(settings, 200);
    const response = await discover({ q: token });
    const boardOf = (owner: TestUser) =>
      response.boards.find((entry) => entry.user.username === owner.username)?.board;
    expect(boardOf(plain)).toEqual({
      globalImageRatio: 'square',
      hideAllImages: false,
      accent: 'violet',
    });
    expect(boardOf(styled)).toEqual({
      globalImageRatio: 'wide',
      hideAllImages: true,
      accent: 'violet',
    });
  });

  it('shows the first six visible blocks of a board, in board order, and counts the rest', async () => {
    const token = searchToken();
    const owner = await createUser();
    await setProfile(owner, { bio: token });
    const created = [];
    for (let i = 1; i <= 9; i += 1) created.push(await createBlock(owner, { title: `block ${i}` }));
    const hidden = created[8];
    if (hidden) await saveBlock(owner, hidden.id, { isVisible: false });
    const response = await discover({ q: token });
    expect(response.boards[0]?.blocks.map((block) => block.id)).toEqual(
      created.slice(0, 6).map((block) => block.id),
    );
    expect(response.boards[0]?.moreBlocks).toBe(2);
  });

  it('gives each board its own visible blocks when a search finds several', async () => {
    const token = searchToken();
    const [older, newer] = [await createUser(), await createUser()];
    for (const owner of [older, newer]) await setProfile(owner, { bio: token });
    await createBlock(older, { title: 'older first' });
    const hidden = await createBlock(older, { title: 'older hidden' });
    await saveBlock(older, hidden.id, { isVisible: false });
    await createBlock(newer, { title: 'newer first' });
    await createBlock(newer, { title: 'newer second' });
    const response = await discover({ q: token });
    expect(
      response.boards.map(({ user, blocks }) => [user.username, blocks.map((b) => b.title)]),
    ).toEqual([
      [newer.username, ['newer first', 'newer second']],
      [older.username, ['older first']],
    ]);
  });

  it('never shows email or password hash of the listed users', async () => {
    const token = searchToken();
    const owner = await boardWith({ bio: token });
    const response = await discover({ q: token });
    const user = response.boards[0]?.user;
    expect(user).toMatchObject({ username: owner.username });
    expect(user).not.toHaveProperty('id');
    expect(user).not.toHaveProperty('email');
    expect(user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(response)).not.toContain(owner.email);
  });

  it("carries each board's tagline", async () => {
    const token = searchToken();
    await boardWith({ bio: token, tagline: 'Learning Rust, one crate a week' });
    const response = await discover({ q: token });
    expect(response.boards[0]?.user.tagline).toBe('Learning Rust, one crate a week');
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

  it('pages with limit and cursor, latest update first, without duplicates or gaps', async () => {
    const token = searchToken();
    const users: TestUser[] = [];
    for (let i = 0; i < 5; i += 1) {
      const user = await createUser();
      await setProfile(user, { bio: `page ${token}` });
      await createBlock(user);
      // Two boards with news in the same millisecond: the cursor must still tell them apart.
      await newsAt(user, 5_000 + Math.floor(i / 2));
      users.push(user);
    }
    const seen: string[] = [];
    const pageSizes: number[] = [];
    const totals: number[] = [];
    let cursor: string | null = null;
    do {
      const params: DiscoverParams = { q: token, limit: '2' };
      if (cursor !== null) params.cursor = cursor;
      const response = await discover(params);
      pageSizes.push(response.boards.length);
      totals.push(response.total);
      seen.push(...response.boards.map((entry) => entry.user.username));
      cursor = response.nextCursor;
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
    const response = await discover({ q: token, limit: '1' });
    expect(response.boards).toHaveLength(1);
    expect(response.total).toBe(3);
  });

  it('answers nextCursor null when everything fits on one page', async () => {
    const token = searchToken();
    await boardWith({ bio: token });
    const response = await discover({ q: token, limit: '1' });
    expect(response.boards).toHaveLength(1);
    expect(response.nextCursor).toBeNull();
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
      const response = await discoverRefusing(params);
      expect(response.status, JSON.stringify(params)).toBe(400);
      expect(typeof response).toBe('object');
    }
    expect((await discover({ limit: '50' })).boards.length).toBeLessThanOrEqual(50);
  });

  it('refuses a search over 100 characters with 400', async () => {
    const response = await discoverRefusing({ q: 'x'.repeat(101) });
    expect(response.status).toBe(400);
  });

  it('answers { boards, nextCursor, total } without a search, the latest news first, counted by the rollup', async () => {
    const owner = await createUser();
    await createBlock(owner);
    await runDiscoverRollup();
    const listed = await env.DB.prepare(
      'SELECT count(*) AS n FROM users WHERE is_public = 1 AND last_activity_at IS NOT NULL',
    ).first<{ n: number }>();
    const response = await discover({ limit: '50' });
    expect(response.boards.length).toBeLessThanOrEqual(50);
    expect(response.total).toBe(listed?.n);
    expect(response.boards[0]?.user.username).toBe(owner.username);
  });

  it('has an index of the listed boards only that serves the page in order, without scanning or sorting every account', async () => {
    for (const query of [{}, { cursor: `${Date.now()}-1000000` }]) {
      const plan = await pagePlan(query);
      expect(plan).toContain('users_discover_listed');
      expect(plan).not.toContain('TEMP B-TREE');
    }
  });
});

describe('GET /api/discover?category=', () => {
  it('lists only boards showing a visible block of the category', async () => {
    const token = searchToken();
    const painter = await boardWith({ bio: token });
    await createBlock(painter, { category: 'creative', type: 'art-illustration' });
    const reader = await boardWith({ bio: token });
    const hider = await boardWith({ bio: token });
    await createBlock(hider, { category: 'creative', type: 'art-illustration', isVisible: false });

    const creative = await discover({ q: token, category: 'creative' });
    expect(creative.boards.map((entry) => entry.user.username)).toEqual([painter.username]);
    expect(creative.total).toBe(1);
    const learning = await discover({ q: token, category: 'learning' });
    expect(learning.boards.map((entry) => entry.user.username).sort()).toEqual(
      sorted([painter.username, reader.username, hider.username]),
    );
  });

  it('narrows the browsed list, latest news first, and counts it by the rollup', async () => {
    const owner = await createUser();
    await createBlock(owner, { category: 'building', type: 'open-source' });
    const other = await createUser();
    await createBlock(other, { category: 'learning' });
    await runDiscoverRollup();
    const counted = await env.DB.prepare(
      `SELECT count(DISTINCT b.user_id) AS n FROM blocks b JOIN users u ON u.id = b.user_id
       WHERE b.category = 'building' AND b.is_visible = 1 AND u.is_public = 1`,
    ).first<{ n: number }>();
    const response = await discover({ category: 'building' });
    expect(response.boards[0]?.user.username).toBe(owner.username);
    expect(response.boards.map((entry) => entry.user.username)).not.toContain(other.username);
    expect(response.total).toBe(counted?.n);
  });

  it('refuses a category that is not one of the seven with 400', async () => {
    for (const category of ['books', 'Learning', '', 'learning,work']) {
      const response = await discoverRefusing({ category });
      expectStatus(response, 400);
      expect(response.body.error).toContain('category must be one of');
    }
  });
});

describe('GET /api/discover?q= (full-text search)', () => {
  it('finds a board by the prefix of a word in a block title ("port" finds "Portuguese")', async () => {
    const token = searchToken();
    const learner = await boardWith({ bio: token });
    await createBlock(learner, { title: 'Portuguese A2' });
    expect(await discoverNames(`${token} port`)).toEqual([learner.username]);
    expect(await discoverNames(`${token} PORTUG`)).toEqual([learner.username]);
    expect(await discoverNames(`${token} portx`)).toEqual([]);
  });

  it('searches display name, username, bio, tagline and block titles', async () => {
    const token = searchToken();
    const byName = await boardWith({ displayName: `Ana ${token}a` });
    const byUsername = await boardWith(
      { displayName: 'Someone' },
      await createUser({ username: `${token}b` }),
    );
    const byBio = await boardWith({ bio: `Into ${token}c these days` });
    const byTagline = await boardWith({ tagline: `Maker of ${token}d` });
    const byTitle = await createUser();
    await createBlock(byTitle, { title: `Reading ${token}e` });

    expect(await discoverNames(token)).toEqual(
      sorted([byName, byUsername, byBio, byTagline, byTitle].map((u) => u.username)),
    );
    expect(await discoverNames(`${token}d`)).toEqual([byTagline.username]);
    expect(await discoverNames(`${token}e`)).toEqual([byTitle.username]);
  });

  it('never finds a private board or a hidden block', async () => {
    const token = searchToken();
    const hidden = await boardWith({ bio: 'shown' });
    await createBlock(hidden, { title: `${token}secret`, isVisible: false });
    await boardWith({ bio: token }, await createUser({ isPublic: false }));
    expect(await discoverNames(token)).toEqual([]);
  });

  it('keeps the index in step as titles are added, renamed and deleted', async () => {
    const token = searchToken();
    const owner = await createUser();
    const block = await createBlock(owner, { title: `${token}first` });
    expect(await discoverNames(`${token}first`)).toEqual([owner.username]);

    await saveBlock(owner, block.id, { title: `${token}second` });
    expect(await discoverNames(`${token}first`)).toEqual([]);
    expect(await discoverNames(`${token}second`)).toEqual([owner.username]);

    await createBlock(owner, { title: 'something else' });
    await removeBlock(owner, block.id);
    expect(await discoverNames(`${token}second`)).toEqual([]);
  });

  it('follows profile edits, and drops a board going private at once, until it is public again', async () => {
    const token = searchToken();
    const owner = await boardWith({ bio: `${token}old` });
    await createBlock(owner, { title: `${token}title` });
    await setProfile(owner, { bio: `${token}new` });
    expect(await discoverNames(`${token}old`)).toEqual([]);
    expect(await discoverNames(`${token}new`)).toEqual([owner.username]);

    await setProfile(owner, { isPublic: false });
    expect(await discoverNames(token)).toEqual([]);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM board_search WHERE rowid = ?')
      .bind(owner.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);

    await setProfile(owner, { isPublic: true });
    expect(await discoverNames(`${token}title`)).toEqual([owner.username]);
  });

  it('forgets a deleted account', async () => {
    const token = searchToken();
    const owner = await boardWith({ bio: token });
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(owner.id).run();
    expect(await discoverNames(token)).toEqual([]);
  });

  it('reads quotes, operators and syntax as plain words, never as a query, and never fails', async () => {
    const token = searchToken();
    const owner = await boardWith({ bio: `${token} said "hello" (twice) AND left` });
    const hostile = [
      '"',
      '""',
      "'",
      '*',
      `${token}*`,
      `"${token}`,
      `${token} AND`,
      `${token} OR nothing`,
      `NOT ${token}`,
      `NEAR(${token} hello)`,
      `-${token}`,
      `^${token}`,
      `bio:${token}`,
      `{bio}: ${token}`,
      `${token} + hello`,
      '(',
      ')',
      '%',
      '\\',
      '🙂',
      'AND',
      ':',
    ];
    for (const q of hostile) await discover({ q });
    expect(await discoverNames(`"${token}" "hello`)).toEqual([owner.username]);
    expect(await discoverNames(`${token} AND`)).toEqual([owner.username]);
    expect(await discoverNames(`bio:${token}`)).toEqual([]);
    expect(await discoverNames('"*()')).toEqual([]);
  });

  it('answers an empty search as no search', async () => {
    const response = await discover({ q: '   ', limit: '1' });
    expect(response.boards).toHaveLength(1);
  });

  it("reads a search's page from the index in news order and stops after it: no sort of the matches, each board by id", async () => {
    const token = searchToken();
    await boardWith({ bio: token });
    const asked = await discoverPlans({ q: token.slice(0, 5) });
    // One batch: the page, its blocks, the count.
    expect(asked).toHaveLength(3);
    const [page, pageBlocks, counted] = asked.map(({ plan }) => plan);
    // The matches straight from the index by rowid, descending (192), then each board by id.
    expect(page).toContain('SCAN board_search VIRTUAL TABLE INDEX 192:M');
    expect(page).toContain('SEARCH users USING INTEGER PRIMARY KEY');
    expect(page).not.toMatch(/SCAN users\b/);
    // Nothing gathers every match to sort or count it past the cap.
    expect(page).not.toContain('MATERIALIZE');
    expect(pageBlocks).not.toMatch(/SCAN blocks\b/);
    expect(counted).toContain('SCAN board_search VIRTUAL TABLE INDEX 0:M');
  });

  it("narrows a search by category inside the index, reading no blocks but the page's", async () => {
    const token = searchToken();
    const painter = await boardWith({ bio: token });
    await createBlock(painter, { category: 'creative', type: 'art-illustration' });
    const [page, , counted] = (await discoverPlans({ q: token, category: 'creative' })).map(
      ({ plan }) => plan,
    );
    expect(page).not.toMatch(/\bblocks\b/);
    expect(counted).not.toMatch(/\bblocks\b/);
  });

  it("keeps a board's categories in step as a block moves to another category", async () => {
    const token = searchToken();
    const owner = await boardWith({ bio: token });
    const [block] = await blocksOf(owner);
    if (!block) throw new Error(`${owner.username} has no block`);
    expect((await discover({ q: token, category: 'creative' })).boards).toEqual([]);
    // Straight in the database: the trigger alone, no news or edit of the board beside it.
    await env.DB.prepare("UPDATE blocks SET category = 'creative' WHERE id = ?")
      .bind(block.id)
      .run();
    const creative = await discover({ q: token, category: 'creative' });
    expect(creative.boards.map((entry) => entry.user.username)).toEqual([owner.username]);
  });

  it('indexes only the boards Discover lists: not an unproven account, nor one kept off Discover', async () => {
    const token = searchToken();
    const indexed = async (owner: TestUser) =>
      (
        await env.DB.prepare('SELECT count(*) AS n FROM board_search WHERE owner_id = ?')
          .bind(owner.id)
          .first<{ n: number }>()
      )?.n;
    const unproven = await boardWith({ bio: token }, await createUser({ established: false }));
    expect(await indexed(unproven)).toBe(0);
    await env.DB.prepare('UPDATE users SET established_at = created_at WHERE id = ?')
      .bind(unproven.id)
      .run();
    expect(await indexed(unproven)).toBe(1);
    await env.DB.prepare('UPDATE users SET kept_off_discover = 1 WHERE id = ?')
      .bind(unproven.id)
      .run();
    expect(await indexed(unproven)).toBe(0);
    expect(await discoverNames(token)).toEqual([]);
  });
});

/**
 * `count` public boards straight in the database, each with a block and news a minute apart (the
 * last made is the newest), their bios holding `word`: more than a request may count.
 */
async function seedBoardsSaying(word: string, count: number) {
  const before = await env.DB.prepare('SELECT coalesce(max(id), 0) AS id FROM users').first<{
    id: number;
  }>();
  const seq = `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${count})`;
  const newsStart = Date.now() - count * 60_000;
  await env.DB.batch([
    env.DB.prepare(`${seq}
      INSERT INTO users (username, email, display_name, password_hash, bio, is_public, established_at)
      SELECT '${word}' || n, '${word}' || n || '@example.com', 'Many ' || n, '!', 'Into ${word}', 1, 0
      FROM seq`),
    env.DB.prepare(`INSERT INTO blocks (user_id, position, category, type, title, status, progress)
      SELECT id, 1, 'learning', 'books-reading', 'Book of ' || username, 'now', 0
      FROM users WHERE id > ?`).bind(before?.id ?? 0),
    env.DB.prepare(`INSERT INTO block_story_events (user_id, block_id, kind, at)
      SELECT user_id, id, 'started', ${newsStart} + user_id * 60000 FROM blocks WHERE user_id > ?`).bind(
      before?.id ?? 0,
    ),
  ]);
}

describe('GET /api/discover?q= finding more boards than it counts', () => {
  it('pages them latest news first and shows the count as a floor', async () => {
    const word = searchToken();
    await seedBoardsSaying(word, searchCountAtMost + 30);
    const hiddenAway = await boardWith({ bio: `Private ${word}` });
    await setProfile(hiddenAway, { isPublic: false });

    const first = await discover({ q: word, limit: '20' });
    expect(first).toMatchObject({ total: searchCountAtMost, totalIsFloor: true });
    const newest = (n: number) => `${word}${searchCountAtMost + 30 - n}`;
    expect(first.boards.map((entry) => entry.user.username)).toEqual(
      Array.from({ length: 20 }, (_, n) => newest(n)),
    );
    expect(first.boards[0]?.blocks.map((block) => block.title)).toEqual([`Book of ${newest(0)}`]);

    const second = await discover({ q: word, limit: '20', cursor: first.nextCursor ?? '' });
    expect(second.boards.map((entry) => entry.user.username)).toEqual(
      Array.from({ length: 20 }, (_, n) => newest(20 + n)),
    );
  });

  it('reads a search typed letter by letter ("q", "qz", "qzx") in news order, counted as a floor', async () => {
    const word = `qzx${searchToken()}`;
    await seedBoardsSaying(word, searchCountAtMost + 30);
    const newest = Array.from({ length: 20 }, (_, n) => `${word}${searchCountAtMost + 30 - n}`);
    for (const typed of ['q', 'qz', 'qzx']) {
      const first = await discover({ q: typed, limit: '20' });
      expect(first).toMatchObject({ total: searchCountAtMost, totalIsFloor: true });
      expect(first.boards.map((entry) => entry.user.username)).toEqual(newest);
    }
  });

  it('pages a longer prefix of a common word in news order, counted as a floor', async () => {
    const word = searchToken();
    await seedBoardsSaying(word, searchCountAtMost + 30);
    // No board has the word "dab12c"; thousands have a word it begins.
    const first = await discover({ q: word.slice(0, 6), limit: '20' });
    expect(first).toMatchObject({ total: searchCountAtMost, totalIsFloor: true });
    expect(first.boards.map((entry) => entry.user.username)).toEqual(
      Array.from({ length: 20 }, (_, n) => `${word}${searchCountAtMost + 30 - n}`),
    );
    const second = await discover({
      q: word.slice(0, 6),
      limit: '20',
      cursor: first.nextCursor ?? '',
    });
    expect(second.boards[0]?.user.username).toBe(`${word}${searchCountAtMost + 10}`);
  });

  it('keeps a list of its own for each prefix of 1 to 8 characters', async () => {
    const table = await env.DB.prepare(
      "SELECT sql FROM sqlite_master WHERE name = 'board_search'",
    ).first<{ sql: string }>();
    expect(table?.sql).toMatch(/prefix\s*=\s*'1 2 3 4 5 6 7 8'/);
  });
});
