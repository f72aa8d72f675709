import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { followingFeedPage } from '../../../domain/follows/follows';
import { getDb } from '../../../platform/db';
import {
  apiClient,
  blockPayload,
  call,
  createBlock,
  createUser,
  expectStatus,
  readJson,
  type TestUser,
  uniqueName,
} from '../../../test/factories';

function follow(follower: Pick<TestUser, 'token'> | null, username: string) {
  const api = apiClient(follower ? { token: follower.token } : {});
  return readJson(api.follows[':username'].$post({ param: { username } }));
}

function unfollow(follower: Pick<TestUser, 'token'>, username: string) {
  return readJson(
    apiClient({ token: follower.token }).follows[':username'].$delete({ param: { username } }),
  );
}

async function followedBy(follower: TestUser) {
  const answer = await readJson(apiClient({ token: follower.token }).follows.$get());
  expectStatus(answer, 200);
  return answer.body.boards.map((board) => board.username);
}

async function feedOf(follower: TestUser, cursor?: string) {
  const answer = await readJson(
    apiClient({ token: follower.token }).following.feed.$get({ query: cursor ? { cursor } : {} }),
  );
  expectStatus(answer, 200);
  return answer.body;
}

/** The feed as lines of news, newest first. */
async function headlinesOf(follower: TestUser) {
  const { items } = await feedOf(follower);
  return items.map((item) => `${item.user.username} ${item.kind} ${item.block.title}`);
}

function moveTo(owner: TestUser, id: number, status: 'now' | 'planned' | 'done') {
  return readJson(
    apiClient({ token: owner.token }).blocks[':id'].$put({
      param: { id: String(id) },
      json: { status },
    }),
  );
}

function setPublic(owner: TestUser, isPublic: boolean) {
  return apiClient({ token: owner.token }).auth.me.$put({ json: { isPublic } });
}

async function followersOf(owner: TestUser) {
  const stats = await readJson(apiClient({ token: owner.token }).analytics.me.$get());
  expectStatus(stats, 200);
  return stats.body.followers;
}

describe('POST /api/follows/:username', () => {
  it('follows a public board, and following it again changes nothing', async () => {
    const [reader, owner] = await Promise.all([createUser(), createUser()]);
    const first = await follow(reader, owner.username);
    expectStatus(first, 200);
    expect(first.body).toEqual({ following: true });
    const again = await follow(reader, `@${owner.username.toUpperCase()}`);
    expectStatus(again, 200);
    expect(again.body).toEqual({ following: true });
    expect(await followedBy(reader)).toEqual([owner.username]);
  });

  it('answers an unknown board and a private one alike, with 404', async () => {
    const [reader, hidden] = await Promise.all([createUser(), createUser({ isPublic: false })]);
    const unknown = await follow(reader, 'nosuchboard404');
    const private_ = await follow(reader, hidden.username);
    expectStatus(unknown, 404);
    expectStatus(private_, 404);
    expect(private_.body).toEqual(unknown.body);
    expect(unknown.body.error).toContain('Board Not Found');
    expect(await followedBy(reader)).toEqual([]);
  });

  it('refuses following your own board with 400 and says why', async () => {
    const owner = await createUser();
    const answer = await follow(owner, owner.username);
    expectStatus(answer, 400);
    expect(answer.body.error).toBe("You can't follow your own board.");
  });

  it('refuses a 1,001st board with 409 and says why, while following one already followed still answers 200', async () => {
    const [reader, next] = await Promise.all([createUser(), createUser()]);
    const prefix = uniqueName('cap');
    // A thousand followed boards, made in the database: a thousand sign-ups would take minutes.
    await env.DB.batch([
      env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
         INSERT INTO users (username, email, display_name, password_hash)
         SELECT ?1 || i, ?1 || i || '@example.com', 'Board ' || i, 'x' FROM n`,
      ).bind(prefix),
      env.DB.prepare(
        `INSERT INTO follows (follower_id, followed_id)
         SELECT ?1, id FROM users WHERE username LIKE ?2 || '%'`,
      ).bind(reader.id, prefix),
    ]);
    const refused = await follow(reader, next.username);
    expectStatus(refused, 409);
    expect(refused.body.error).toBe(
      'You already follow 1,000 boards, the most one person can. Unfollow one to follow this one.',
    );
    expectStatus(await follow(reader, `${prefix}1`), 200);
  });

  it('asks a signed-out visitor to sign in, with 401', async () => {
    const owner = await createUser();
    const answer = await follow(null, owner.username);
    expectStatus(answer, 401);
    expect(answer.body.error).toBe('Please sign in first.');
  });

  it('refuses a form posted from another site, as every JSON write does', async () => {
    const [reader, owner] = await Promise.all([createUser(), createUser()]);
    const response = await call('POST', `/api/follows/${owner.username}`, {
      token: reader.token,
      body: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(await followedBy(reader)).toEqual([]);
  });
});

describe('DELETE /api/follows/:username', () => {
  it('stops following, and unfollowing again changes nothing', async () => {
    const [reader, owner] = await Promise.all([createUser(), createUser()]);
    await follow(reader, owner.username);
    const first = await unfollow(reader, owner.username);
    expectStatus(first, 200);
    expect(first.body).toEqual({ following: false });
    expectStatus(await unfollow(reader, owner.username), 200);
    expect(await followedBy(reader)).toEqual([]);
  });

  it('answers unknown and private boards with 404, and your own with 400', async () => {
    const [reader, hidden] = await Promise.all([createUser(), createUser({ isPublic: false })]);
    expectStatus(await unfollow(reader, 'nosuchboard404'), 404);
    expectStatus(await unfollow(reader, hidden.username), 404);
    expectStatus(await unfollow(reader, reader.username), 400);
  });
});

describe('GET /api/follows', () => {
  it('lists the public boards you follow, latest followed first, with what a list shows of them', async () => {
    const [reader, first, second] = await Promise.all([createUser(), createUser(), createUser()]);
    await follow(reader, first.username);
    await follow(reader, second.username);
    const answer = await readJson(apiClient({ token: reader.token }).follows.$get());
    expectStatus(answer, 200);
    expect(answer.body.boards).toEqual([
      {
        username: second.username,
        displayName: `Name ${second.username}`,
        avatar: null,
        tagline: null,
      },
      {
        username: first.username,
        displayName: `Name ${first.username}`,
        avatar: null,
        tagline: null,
      },
    ]);
  });

  it('leaves out a followed board while it is private, and shows it again once public', async () => {
    const [reader, owner] = await Promise.all([createUser(), createUser()]);
    await follow(reader, owner.username);
    await setPublic(owner, false);
    expect(await followedBy(reader)).toEqual([]);
    await setPublic(owner, true);
    expect(await followedBy(reader)).toEqual([owner.username]);
  });

  it('is yours alone: signed out it answers 401', async () => {
    expect((await apiClient().follows.$get()).status).toBe(401);
  });
});

describe('a deleted account', () => {
  it('takes its follows with it, both the boards it followed and its followers', async () => {
    const [leaving, followed, follower] = await Promise.all([
      createUser(),
      createUser(),
      createUser(),
    ]);
    await follow(leaving, followed.username);
    await follow(follower, leaving.username);
    const deleted = await apiClient({ token: leaving.token }).account.$delete({
      json: { password: leaving.password },
    });
    expect(deleted.status).toBe(200);
    const rows = await env.DB.prepare(
      'SELECT count(*) AS n FROM follows WHERE follower_id = ?1 OR followed_id = ?1',
    )
      .bind(leaving.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
    expect(await followedBy(follower)).toEqual([]);
    expect(await followersOf(followed)).toBe(0);
  });
});

describe('GET /api/following/feed', () => {
  it('tells the news of the boards you follow, newest first, each with its person and the block as visitors see it', async () => {
    const [reader, maya, leo, stranger] = await Promise.all([
      createUser(),
      createUser(),
      createUser(),
      createUser(),
    ]);
    await follow(reader, maya.username);
    await follow(reader, leo.username);
    const book = await createBlock(maya, { title: 'Portuguese A2', status: 'now' });
    await createBlock(leo, { title: 'Couch to 5k', status: 'planned', progress: 0 });
    await createBlock(stranger, { title: 'Not followed' });
    await moveTo(maya, book.id, 'done');

    expect(await headlinesOf(reader)).toEqual([
      `${maya.username} finished Portuguese A2`,
      `${leo.username} planned Couch to 5k`,
      `${maya.username} started Portuguese A2`,
    ]);
    const { items } = await feedOf(reader);
    expect(items[0]).toEqual({
      id: expect.any(Number),
      kind: 'finished',
      at: expect.any(Number),
      user: { username: maya.username, displayName: `Name ${maya.username}`, avatar: null },
      board: { globalImageRatio: 'square', hideAllImages: false, accent: 'violet' },
      block: expect.objectContaining({ id: book.id, title: 'Portuguese A2', status: 'done' }),
    });
    // Only what a visitor sees of a block: no counts, no visibility flag, no owner id.
    expect(Object.keys(items[0]?.block ?? {})).not.toContain('copyCount');
    expect(Object.keys(items[0]?.block ?? {})).not.toContain('userId');
  });

  it('pages through the news with an opaque cursor, without repeating or skipping a line', async () => {
    const [reader, owner] = await Promise.all([createUser(), createUser()]);
    await follow(reader, owner.username);
    for (let n = 1; n <= 23; n += 1) await createBlock(owner, { title: `Block ${n}` });

    const first = await feedOf(reader);
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(first.nextCursor).not.toMatch(/^\d/);
    const second = await feedOf(reader, first.nextCursor ?? undefined);
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((item) => item.block.title)).toEqual(
      Array.from({ length: 23 }, (_, i) => `Block ${23 - i}`),
    );
  });

  it('refuses a cursor it did not give with 400', async () => {
    const reader = await createUser();
    const answer = await readJson(
      apiClient({ token: reader.token }).following.feed.$get({ query: { cursor: 'not-ours' } }),
    );
    expectStatus(answer, 400);
    expect(answer.body.error).toBe('cursor must be the nextCursor of an earlier answer.');
  });

  it('never tells of hidden blocks', async () => {
    const [reader, owner] = await Promise.all([createUser(), createUser()]);
    await follow(reader, owner.username);
    await createBlock(owner, { title: 'Shown' });
    const secret = await createBlock(owner, { title: 'Secret', isVisible: false });
    await readJson(
      apiClient({ token: owner.token }).blocks[':id'].$put({
        param: { id: String(secret.id) },
        json: blockPayload({ title: 'Secret', isVisible: false, status: 'done', progress: 100 }),
      }),
    );
    expect(await headlinesOf(reader)).toEqual([`${owner.username} started Shown`]);
  });

  it('drops the news of a board the moment it goes private, and brings it back when public', async () => {
    const [reader, owner] = await Promise.all([createUser(), createUser()]);
    await follow(reader, owner.username);
    await createBlock(owner, { title: 'Portuguese A2' });
    expect(await headlinesOf(reader)).toHaveLength(1);
    await setPublic(owner, false);
    expect(await headlinesOf(reader)).toEqual([]);
    await setPublic(owner, true);
    expect(await headlinesOf(reader)).toHaveLength(1);
  });

  it('stops telling the news of a board once unfollowed', async () => {
    const [reader, owner] = await Promise.all([createUser(), createUser()]);
    await follow(reader, owner.username);
    await createBlock(owner, { title: 'Portuguese A2' });
    await unfollow(reader, owner.username);
    expect(await feedOf(reader)).toEqual({ items: [], nextCursor: null });
  });

  it('keeps each page to the latest news when one board is far busier than the others', async () => {
    const [reader, busy, quiet] = await Promise.all([createUser(), createUser(), createUser()]);
    await follow(reader, busy.username);
    await follow(reader, quiet.username);
    await createBlock(quiet, { title: 'Quiet old' });
    for (let n = 1; n <= 21; n += 1) await createBlock(busy, { title: `Busy ${n}` });
    await createBlock(quiet, { title: 'Quiet new' });

    const first = await feedOf(reader);
    const titles = first.items.map((item) => item.block.title);
    expect(titles[0]).toBe('Quiet new');
    expect(titles.slice(1)).toEqual(Array.from({ length: 19 }, (_, i) => `Busy ${21 - i}`));
    const second = await feedOf(reader, first.nextCursor ?? undefined);
    expect(second.items.map((item) => item.block.title)).toEqual(['Busy 2', 'Busy 1', 'Quiet old']);
  });

  it('is yours alone: signed out it answers 401', async () => {
    expect((await apiClient().following.feed.$get({ query: {} })).status).toBe(401);
  });

  it('reads only the boards one follows, through indexes, never scanning a table', async () => {
    const query = followingFeedPage(getDb(env), 1, { at: Date.now(), id: 1_000_000 }).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const steps = plan.results.map((row) => row.detail);
    // Outermost: the follower's own rows of `follows`, then each followed board's events.
    expect(steps).toContain(
      'SEARCH followed USING COVERING INDEX sqlite_autoindex_follows_1 (follower_id=?)',
    );
    expect(steps).toContain(
      'SEARCH news USING INDEX block_story_events_user_at (user_id=? AND at<?)',
    );
    // The only scan is of the few busiest boards the query picked itself.
    expect(steps.filter((step) => step.startsWith('SCAN'))).toEqual(['SCAN busiest']);
  });
});

describe("the owner's follower count", () => {
  it('counts the people who follow the board, and only its owner reads it', async () => {
    const [owner, first, second] = await Promise.all([createUser(), createUser(), createUser()]);
    expect(await followersOf(owner)).toBe(0);
    await follow(first, owner.username);
    await follow(second, owner.username);
    await follow(second, owner.username);
    expect(await followersOf(owner)).toBe(2);
    await unfollow(first, owner.username);
    expect(await followersOf(owner)).toBe(1);
    // Nothing a visitor reads says who follows whom, or how many.
    const board = await call('GET', `/api/boards/${owner.username}`);
    // (`nofollowLinks` is about the board's links, not its followers.)
    expect((await board.text()).replaceAll('nofollowLinks', '')).not.toMatch(/follow/i);
  });
});
