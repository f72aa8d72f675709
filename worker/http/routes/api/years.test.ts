import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  apiClient,
  createBlock,
  createUser,
  expectStatus,
  readJson,
  type TestUser,
  updateProfile,
} from '../../../test/factories';

type Story = [kind: 'added' | 'started' | 'finished' | 'planned', at: string][];

/** Rewrites a block's story as if it had happened at these times; its status follows the last. */
async function storyWas(blockId: number, story: Story) {
  await env.DB.prepare('DELETE FROM block_story_events WHERE block_id = ?').bind(blockId).run();
  for (const [kind, at] of story) {
    await env.DB.prepare(
      'INSERT INTO block_story_events (user_id, block_id, kind, at) SELECT user_id, id, ?, ? FROM blocks WHERE id = ?',
    )
      .bind(kind, Date.parse(at), blockId)
      .run();
  }
  const [, since] = story.findLast(([kind]) => kind !== 'added') ?? story[0] ?? [];
  await env.DB.prepare('UPDATE blocks SET status_since = ? WHERE id = ?')
    .bind(Date.parse(since ?? ''), blockId)
    .run();
}

function yearOf(username: string, year: number) {
  return readJson(
    apiClient().boards[':username'].years[':year'].$get({
      param: { username, year: String(year) },
    }),
  );
}

async function figuresOf(username: string, year: number) {
  const answer = await yearOf(username, year);
  expectStatus(answer, 200);
  return answer.body;
}

async function setTimeZone(user: TestUser, timeZone: string) {
  expectStatus(
    await readJson(apiClient({ token: user.token }).boards.me.$put({ json: { timeZone } })),
    200,
  );
}

describe('the year in review', () => {
  it('gives the year finished by category, its first and last, the longest Now, the most copied, goals met and the months', async () => {
    const owner = await createUser();
    const copier = await createUser();
    const book = await createBlock(owner, { status: 'done', progress: 100, title: 'Dune' });
    const course = await createBlock(owner, {
      status: 'done',
      progress: 100,
      type: 'courses-classes',
      title: 'Portuguese A2',
    });
    const run = await createBlock(owner, {
      status: 'done',
      progress: 100,
      category: 'lifestyle',
      type: 'running-cycling',
      title: 'Half marathon',
    });
    const garden = await createBlock(owner, {
      status: 'now',
      progress: 40,
      category: 'lifestyle',
      type: 'gardening-plants',
      title: 'Allotment',
    });
    await storyWas(book.id, [
      ['added', '2025-01-05T10:00:00Z'],
      ['started', '2025-01-05T10:00:00Z'],
      ['finished', '2025-03-10T10:00:00Z'],
    ]);
    await storyWas(course.id, [
      ['added', '2025-03-01T10:00:00Z'],
      ['started', '2025-03-01T10:00:00Z'],
      ['finished', '2025-03-20T10:00:00Z'],
    ]);
    await storyWas(run.id, [
      ['added', '2025-09-01T10:00:00Z'],
      ['finished', '2025-11-15T10:00:00Z'],
    ]);
    // In Now from June 1st to the end of the year: 214 days.
    await storyWas(garden.id, [
      ['added', '2025-06-01T00:00:00Z'],
      ['started', '2025-06-01T00:00:00Z'],
    ]);
    expectStatus(
      await readJson(
        apiClient({ token: copier.token }).blocks[':id'].copy.$post({
          param: { id: String(course.id) },
        }),
      ),
      201,
    );
    await env.DB.prepare('UPDATE block_copies SET created_at = ? WHERE source_block_id = ?')
      .bind(Date.parse('2025-04-02T10:00:00Z'), course.id)
      .run();
    const goal = await readJson(
      apiClient({ token: owner.token }).goals.$post({
        json: { year: 2025, target: 2, scope: 'category', scopeKey: 'learning' },
      }),
    );
    expectStatus(goal, 201);

    const year = await figuresOf(owner.username, 2025);
    expect(year.isEmpty).toBe(false);
    expect(year.finished).toMatchObject({
      total: 3,
      byCategory: [
        { category: 'learning', count: 2 },
        { category: 'lifestyle', count: 1 },
      ],
    });
    expect(year.finished.latest.map((block) => block.title)).toEqual([
      'Half marathon',
      'Portuguese A2',
      'Dune',
    ]);
    expect(year.firstFinished?.title).toBe('Dune');
    expect(year.lastFinished?.title).toBe('Half marathon');
    expect(year.longestNow).toMatchObject({ block: { title: 'Allotment' }, days: 214 });
    expect(year.mostCopied).toMatchObject({ block: { title: 'Portuguese A2' }, copies: 1 });
    expect(year.goals).toEqual([expect.objectContaining({ year: 2025, target: 2, done: 2 })]);
    expect(year.busiestMonth).toBe(2);
    expect(year.months.map((month) => month.finished)).toEqual([
      0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1, 0,
    ]);
    expect(year.months[0]?.events).toBe(2);
    expect(year.years).toContain(2025);
    // Visitors get what the page shows, nothing of the owner's own: no counts, no hidden state.
    expect(year.firstFinished).not.toHaveProperty('copyCount');
    expect(year.user).not.toHaveProperty('email');
  });

  it('never counts a hidden block', async () => {
    const owner = await createUser();
    const hidden = await createBlock(owner, { status: 'done', progress: 100, isVisible: false });
    await storyWas(hidden.id, [
      ['added', '2025-05-01T10:00:00Z'],
      ['finished', '2025-05-01T10:00:00Z'],
    ]);
    const year = await figuresOf(owner.username, 2025);
    expect(year.isEmpty).toBe(true);
    expect(year.finished.total).toBe(0);
    expect(year.firstFinished).toBeNull();
    expect(year.years).not.toContain(2025);
  });

  it('answers an empty year with no figures rather than an error', async () => {
    const owner = await createUser();
    const year = await figuresOf(owner.username, 2019);
    expect(year).toMatchObject({
      year: 2019,
      isEmpty: true,
      finished: { total: 0, byCategory: [], latest: [] },
      firstFinished: null,
      lastFinished: null,
      longestNow: null,
      mostCopied: null,
      goals: [],
      busiestMonth: null,
    });
    expect(year.months).toHaveLength(12);
  });

  it('answers 404 for a private board, an unknown one and a year still to come', async () => {
    const owner = await createUser();
    await createBlock(owner, { status: 'done', progress: 100 });
    expectStatus(await updateProfile(owner, { isPublic: false }), 200);
    const hidden = await yearOf(owner.username, new Date().getUTCFullYear());
    expectStatus(hidden, 404);
    expectStatus(await yearOf('nobody-here', 2025), 404);
    const other = await createUser();
    expectStatus(await yearOf(other.username, new Date().getUTCFullYear() + 2), 404);
    expectStatus(await yearOf(other.username, 1999), 400);
  });

  it("puts a block finished on New Year's Eve in the year of the owner's time zone", async () => {
    const owner = await createUser();
    const block = await createBlock(owner, { status: 'done', progress: 100 });
    // 23:30 UTC on New Year's Eve 2024 is already 00:30 on 1 January 2025 in Berlin.
    await storyWas(block.id, [
      ['added', '2024-12-31T23:30:00Z'],
      ['finished', '2024-12-31T23:30:00Z'],
    ]);
    expect((await figuresOf(owner.username, 2024)).finished.total).toBe(1);
    expect((await figuresOf(owner.username, 2025)).finished.total).toBe(0);

    await setTimeZone(owner, 'Europe/Berlin');
    const in2024 = await figuresOf(owner.username, 2024);
    const in2025 = await figuresOf(owner.username, 2025);
    expect(in2024.finished.total).toBe(0);
    expect(in2024.isEmpty).toBe(true);
    expect(in2025.finished.total).toBe(1);
    expect(in2025.months[0]).toEqual({ events: 2, finished: 1 });
  });
});

describe('the board and its year', () => {
  const boardOf = async (username: string) => {
    const answer = await readJson(
      apiClient().boards[':username'].$get({ query: {}, param: { username } }),
    );
    expectStatus(answer, 200);
    return answer.body.board;
  };

  it('links the year in review once a visible block was finished this year, never before', async () => {
    const owner = await createUser();
    const thisYear = new Date().getUTCFullYear();
    const hidden = await createBlock(owner, { status: 'done', progress: 100, isVisible: false });
    const lastYear = await createBlock(owner, { status: 'done', progress: 100 });
    await storyWas(lastYear.id, [
      ['added', `${thisYear - 1}-05-01T10:00:00Z`],
      ['finished', `${thisYear - 1}-05-01T10:00:00Z`],
    ]);
    await createBlock(owner, { status: 'now' });
    expect((await boardOf(owner.username)).reviewYear).toBeNull();
    expect(hidden.isVisible).toBe(false);

    await createBlock(owner, { status: 'done', progress: 100 });
    expect((await boardOf(owner.username)).reviewYear).toBe(thisYear);
  });
});
