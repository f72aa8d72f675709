import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  apiClient,
  createBlock,
  createUser,
  expectStatus,
  moveBlockTo,
  readJson,
  type TestUser,
} from '../../../test/factories';

const thisYear = new Date().getUTCFullYear();

function goalsApi(user: TestUser) {
  return apiClient({ token: user.token }).goals;
}

async function setGoal(
  user: TestUser,
  goal: {
    year?: number;
    target: number;
    scope?: 'any' | 'category' | 'type';
    scopeKey?: string | null;
    isPrivate?: boolean;
  },
) {
  const answer = await readJson(goalsApi(user).$post({ json: { year: thisYear, ...goal } }));
  expectStatus(answer, 201);
  return answer.body.goal;
}

async function goalsOf(user: TestUser) {
  const answer = await readJson(goalsApi(user).$get());
  expectStatus(answer, 200);
  return answer.body;
}

async function progressOf(user: TestUser, goalId: number) {
  const { goals } = await goalsOf(user);
  return goals.find((goal) => goal.id === goalId)?.done;
}

async function setTimeZone(user: TestUser, timeZone: string) {
  const answer = await readJson(
    apiClient({ token: user.token }).boards.me.$put({ json: { timeZone } }),
  );
  expectStatus(answer, 200);
  expect(answer.body.board.timeZone).toBe(timeZone);
}

/** Moves a block's entry into its status to `at`, as if it had happened then. */
async function finishedAt(blockId: number, at: string) {
  await env.DB.prepare('UPDATE blocks SET status_since = ? WHERE id = ?')
    .bind(Date.parse(at), blockId)
    .run();
}

async function reachedEvents(userId: number) {
  const { results } = await env.DB.prepare(
    "SELECT block_id, goal_id FROM block_story_events WHERE user_id = ? AND kind = 'reached'",
  )
    .bind(userId)
    .all<{ block_id: number; goal_id: number }>();
  return results;
}

describe('goals', () => {
  it('sets, lists, changes and deletes the owner goals, with progress from the blocks in Done', async () => {
    const user = await createUser();
    const goal = await setGoal(user, { target: 24, scope: 'type', scopeKey: 'books-reading' });
    expect(goal).toEqual({
      id: goal.id,
      year: thisYear,
      target: 24,
      scope: 'type',
      scopeKey: 'books-reading',
      isPrivate: false,
      done: 0,
    });
    await createBlock(user, { status: 'done', progress: 100 });
    await createBlock(user, { status: 'done', progress: 100, type: 'courses-classes' });
    expect(await progressOf(user, goal.id)).toBe(1);

    const changed = await readJson(
      goalsApi(user)[':id'].$patch({
        param: { id: String(goal.id) },
        json: { scope: 'category', scopeKey: 'learning', isPrivate: true },
      }),
    );
    expectStatus(changed, 200);
    expect(changed.body.goal).toMatchObject({ scope: 'category', isPrivate: true, done: 2 });

    const deleted = await readJson(
      goalsApi(user)[':id'].$delete({ param: { id: String(goal.id) } }),
    );
    expectStatus(deleted, 200);
    expect((await goalsOf(user)).goals).toEqual([]);
  });

  it("refuses another person's goal as not found, and a goal that names no known kind", async () => {
    const owner = await createUser();
    const other = await createUser();
    const goal = await setGoal(owner, { target: 3 });
    const patched = await readJson(
      goalsApi(other)[':id'].$patch({
        param: { id: String(goal.id) },
        json: { target: 1 },
      }),
    );
    expectStatus(patched, 404);
    expect(patched.body.error).toBe('This goal does not exist or is not yours.');
    const deleted = await readJson(
      goalsApi(other)[':id'].$delete({ param: { id: String(goal.id) } }),
    );
    expectStatus(deleted, 404);

    const unknownKind = await readJson(
      goalsApi(owner).$post({
        json: { year: thisYear, target: 3, scope: 'category', scopeKey: 'nonsense' },
      }),
    );
    expectStatus(unknownKind, 400);
    expect(unknownKind.body.fields?.scopeKey).toMatch(/^scopeKey must be null for any/);
    const anonymous = await readJson(apiClient().goals.$get());
    expectStatus(anonymous, 401);
  });

  it('refuses a second goal of the same year and scope with 409, whatever its target', async () => {
    const user = await createUser();
    const first = await setGoal(user, { target: 24 });
    const again = await readJson(
      goalsApi(user).$post({ json: { year: thisYear, target: 12, isPrivate: true } }),
    );
    expectStatus(again, 409);
    expect(again.body.error).toBe(
      `You already have a goal for blocks of any kind in ${thisYear}. Change its target instead of setting another.`,
    );
    const books = await setGoal(user, { target: 5, scope: 'type', scopeKey: 'books-reading' });
    const sameBooks = await readJson(
      goalsApi(user).$post({
        json: { year: thisYear, target: 6, scope: 'type', scopeKey: 'books-reading' },
      }),
    );
    expectStatus(sameBooks, 409);
    expect(sameBooks.body.error).toBe(
      `You already have a goal for Books & Reading blocks in ${thisYear}. Change its target instead of setting another.`,
    );
    // Another year, another person: their own goals.
    await setGoal(user, { year: thisYear - 1, target: 24 });
    await setGoal(await createUser(), { target: 24 });

    const turned = await readJson(
      goalsApi(user)[':id'].$patch({ param: { id: String(books.id) }, json: { scope: 'any' } }),
    );
    expectStatus(turned, 409);
    expect(turned.body.error).toMatch(/^You already have a goal for blocks of any kind in/);
    expect((await goalsOf(user)).goals.map((goal) => goal.id)).toEqual([
      first.id,
      books.id,
      expect.any(Number),
    ]);
  });

  it('keeps one goal per year and scope in the database, whoever writes it', async () => {
    const user = await createUser();
    await setGoal(user, { target: 3, scope: 'category', scopeKey: 'learning' });
    const insert = env.DB.prepare(
      'INSERT INTO goals (user_id, year, target, scope, scope_key) VALUES (?, ?, ?, ?, ?)',
    );
    await expect(insert.bind(user.id, thisYear, 4, 'category', 'learning').run()).rejects.toThrow(
      /UNIQUE constraint failed/,
    );
    await insert.bind(user.id, thisYear, 4, 'any', null).run();
    await expect(insert.bind(user.id, thisYear, 5, 'any', null).run()).rejects.toThrow(
      /UNIQUE constraint failed/,
    );
  });

  it('merges goals set twice before the rule into the oldest, which keeps its reached story', async () => {
    const user = await createUser();
    const oldest = await setGoal(user, { target: 1, scope: 'type', scopeKey: 'books-reading' });
    await env.DB.exec('DROP INDEX goals_one_per_scope');
    const insert = env.DB.prepare(
      'INSERT INTO goals (user_id, year, target, scope, scope_key) VALUES (?, ?, ?, ?, ?) RETURNING id',
    );
    const twice = await insert
      .bind(user.id, thisYear, 1, 'type', 'books-reading')
      .first<{ id: number }>();
    await insert.bind(user.id, thisYear, 2, 'any', null).run();
    await insert.bind(user.id, thisYear, 3, 'any', null).run();
    const block = await createBlock(user, { status: 'done', progress: 100 });
    expect(await reachedEvents(user.id)).toHaveLength(2);

    const migration = env.TEST_MIGRATIONS.find((m) => m.name.endsWith('goals-one-per-scope.sql'));
    for (const query of migration?.queries ?? []) await env.DB.prepare(query).run();

    const { goals } = await goalsOf(user);
    expect(goals.map((goal) => [goal.scope, goal.target])).toEqual([
      ['type', 1],
      ['any', 2],
    ]);
    expect(goals[0]?.id).toBe(oldest.id);
    expect(await reachedEvents(user.id)).toEqual([{ block_id: block.id, goal_id: oldest.id }]);
    expect(twice?.id).not.toBe(oldest.id);
    const year = await readJson(
      apiClient().boards[':username'].years[':year'].$get({
        param: { username: user.username, year: String(thisYear) },
      }),
    );
    expectStatus(year, 200);
    expect(year.body.goals).toHaveLength(2);
  });

  it("counts a block in the year it reached Done in the owner's time zone", async () => {
    const user = await createUser();
    const thisYearsGoal = await setGoal(user, { year: 2026, target: 5 });
    const nextYearsGoal = await setGoal(user, { year: 2027, target: 5 });
    const block = await createBlock(user, { status: 'done', progress: 100 });
    // 23:30 on New Year's Eve in London is already 2027 in Auckland (UTC+13), still 2026 in New York.
    await finishedAt(block.id, '2026-12-31T23:30:00Z');

    await setTimeZone(user, 'Pacific/Auckland');
    expect(await progressOf(user, thisYearsGoal.id)).toBe(0);
    expect(await progressOf(user, nextYearsGoal.id)).toBe(1);

    await setTimeZone(user, 'America/New_York');
    expect(await progressOf(user, thisYearsGoal.id)).toBe(1);
    expect(await progressOf(user, nextYearsGoal.id)).toBe(0);
  });

  it('refuses a time zone the platform does not know', async () => {
    const user = await createUser();
    const answer = await readJson(
      apiClient({ token: user.token }).boards.me.$put({ json: { timeZone: 'Mars/Olympus' } }),
    );
    expectStatus(answer, 400);
    expect(answer.body.fields?.timeZone).toBe(
      'timeZone must be a time zone name, like Europe/Lisbon.',
    );
  });

  it('stops counting a block that leaves Done, and counts it again when it returns', async () => {
    const user = await createUser();
    const goal = await setGoal(user, { target: 2 });
    const block = await createBlock(user, { status: 'done', progress: 100 });
    expect(await progressOf(user, goal.id)).toBe(1);
    expectStatus(await moveBlockTo(user, block.id, 'now'), 200);
    expect(await progressOf(user, goal.id)).toBe(0);
    expectStatus(await moveBlockTo(user, block.id, 'done'), 200);
    expect(await progressOf(user, goal.id)).toBe(1);
  });

  it('counts a copied block for the person who copied and finished it', async () => {
    const author = await createUser();
    const copier = await createUser();
    const original = await createBlock(author, { status: 'done', progress: 100 });
    const goal = await setGoal(copier, { target: 1, scope: 'type', scopeKey: 'books-reading' });
    const copied = await readJson(
      apiClient({ token: copier.token }).blocks[':id'].copy.$post({
        param: { id: String(original.id) },
      }),
    );
    expectStatus(copied, 201);
    expect(await progressOf(copier, goal.id)).toBe(0);
    expectStatus(await moveBlockTo(copier, copied.body.block.id, 'done'), 200);
    expect(await progressOf(copier, goal.id)).toBe(1);
  });

  it('never counts a hidden block', async () => {
    const user = await createUser();
    const goal = await setGoal(user, { target: 1 });
    await createBlock(user, { status: 'done', progress: 100, isVisible: false });
    expect(await progressOf(user, goal.id)).toBe(0);
  });

  it('tells once, in the story of the block that reached it, a public goal reached', async () => {
    const user = await createUser();
    const reached = await setGoal(user, { target: 2 });
    const secret = await setGoal(user, {
      target: 1,
      scope: 'category',
      scopeKey: 'learning',
      isPrivate: true,
    });
    await createBlock(user, { status: 'done', progress: 100 });
    expect(await reachedEvents(user.id)).toEqual([]);
    const second = await createBlock(user, { status: 'now', progress: 10 });
    expectStatus(await moveBlockTo(user, second.id, 'done'), 200);
    expect(await reachedEvents(user.id)).toEqual([{ block_id: second.id, goal_id: reached.id }]);
    // Leaving Done and coming back reaches the same goal again: nothing new to tell.
    expectStatus(await moveBlockTo(user, second.id, 'now'), 200);
    expectStatus(await moveBlockTo(user, second.id, 'done'), 200);
    expect(await reachedEvents(user.id)).toHaveLength(1);
    expect((await reachedEvents(user.id)).some((event) => event.goal_id === secret.id)).toBe(false);
  });

  it("shows the year's public goals with their progress on the board, and follower news of one reached", async () => {
    const owner = await createUser();
    const follower = await createUser();
    expectStatus(
      await readJson(
        apiClient({ token: follower.token }).follows[':username'].$post({
          param: { username: owner.username },
        }),
      ),
      200,
    );
    const shown = await setGoal(owner, { target: 1 });
    await setGoal(owner, { target: 9, scope: 'category', scopeKey: 'learning', isPrivate: true });
    await setGoal(owner, { year: thisYear - 1, target: 4 });
    const block = await createBlock(owner, { status: 'done', progress: 100, title: 'Dune' });

    const board = await readJson(
      apiClient().boards[':username'].$get({ query: {}, param: { username: owner.username } }),
    );
    expectStatus(board, 200);
    expect(board.body.board.goals).toEqual([
      { id: shown.id, year: thisYear, target: 1, scope: 'any', scopeKey: null, done: 1 },
    ]);

    const news = await readJson(
      apiClient({ token: follower.token }).following.feed.$get({ query: {} }),
    );
    expectStatus(news, 200);
    expect(news.body.items.map((item) => [item.kind, item.block.id])).toContainEqual([
      'reached',
      block.id,
    ]);
  });
});
