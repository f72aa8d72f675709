import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { BlockStatus } from '../../../../schema/block-values';
import { tabPageSize } from '../../../../schema/board-pages';
import { tabPageRows } from '../../../domain/boards/tab-pages';
import { getDb } from '../../../platform/db';
import {
  apiClient,
  call,
  createBlock,
  createUser,
  expectStatus,
  readJson,
  type TestUser,
} from '../../../test/factories';
import goodreadsExport from '../../../test/fixtures/goodreads_library_export.csv?raw';

/** Adds `count` blocks titled "<prefix> 1"… to the end of `status`, straight into the table. */
async function seedBlocks(owner: TestUser, status: BlockStatus, count: number, prefix: string) {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?3)
     INSERT INTO blocks (user_id, position, type, category, title, status)
     SELECT ?1, (SELECT COALESCE(MAX(position), 0) FROM blocks WHERE user_id = ?1) + i,
       'books-reading', 'learning', ?4 || ' ' || i, ?2 FROM n`,
  )
    .bind(owner.id, status, count, prefix)
    .run();
}

function ownBlocks(owner: TestUser) {
  return readJson(apiClient({ token: owner.token }).blocks.me.$get());
}

function tabPage(owner: TestUser, status: BlockStatus, cursor?: string) {
  return readJson(
    apiClient({ token: owner.token }).blocks.me.tabs[':status'].$get({
      param: { status },
      query: cursor === undefined ? {} : { cursor },
    }),
  );
}

/** Every block of the tab, page after page as the dashboard loads them. */
async function wholeTab(owner: TestUser, status: BlockStatus) {
  const first = await ownBlocks(owner);
  expectStatus(first, 200);
  const titles = first.body.blocks.filter((b) => b.status === status).map((b) => b.title);
  let next = first.body.tabs[status].next;
  // A cursor that leads nowhere new would loop: no test board has more than 10 pages.
  for (let pages = 1; next !== null; pages += 1) {
    expect(pages, 'pages of the tab').toBeLessThan(10);
    const page = await tabPage(owner, status, next);
    expectStatus(page, 200);
    titles.push(...page.body.blocks.map((block) => block.title));
    next = page.body.next;
  }
  return titles;
}

const numbered = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}`);

describe('GET /api/blocks/me, a page of each tab', () => {
  it("gives each tab's first page, its true count, and where to go on", async () => {
    const owner = await createUser();
    await seedBlocks(owner, 'done', 120, 'Done');
    await seedBlocks(owner, 'now', 3, 'Now');

    const answer = await ownBlocks(owner);
    expectStatus(answer, 200);
    const done = answer.body.blocks.filter((block) => block.status === 'done');
    expect(done.map((block) => block.title)).toEqual(numbered('Done', tabPageSize));
    expect(answer.body.blocks.filter((block) => block.status === 'now')).toHaveLength(3);
    expect(answer.body.tabs.done).toMatchObject({ total: 120, next: expect.any(String) });
    expect(answer.body.tabs.now).toEqual({ total: 3, next: null });
    expect(answer.body.tabs.planned).toEqual({ total: 0, next: null });
  });

  it('gives the rest of a tab page by page, each block once, in order', async () => {
    const owner = await createUser();
    await seedBlocks(owner, 'done', 60, 'Done');
    await seedBlocks(owner, 'planned', 130, 'Planned');
    await seedBlocks(owner, 'done', 10, 'Later');

    expect(await wholeTab(owner, 'planned')).toEqual(numbered('Planned', 130));
    expect(await wholeTab(owner, 'done')).toEqual([
      ...numbered('Done', 60),
      ...numbered('Later', 10),
    ]);
  });

  it('lists a board whose tabs all fit whole, in its order, as before paging', async () => {
    const owner = await createUser();
    const a = await createBlock(owner, { title: 'Apricot' });
    const p = await createBlock(owner, { title: 'Plum', status: 'planned', progress: 0 });
    const h = await createBlock(owner, { title: 'Hazel', isVisible: false });

    const answer = await ownBlocks(owner);
    expectStatus(answer, 200);
    expect(answer.body.blocks.map((block) => block.id)).toEqual([a.id, p.id, h.id]);
    expect(answer.body.tabs).toEqual({
      now: { total: 2, next: null },
      planned: { total: 1, next: null },
      done: { total: 0, next: null },
    });
  });

  it('refuses a cursor no answer gave, and a tab that does not exist', async () => {
    const owner = await createUser();
    const bad = await tabPage(owner, 'now', 'not-a-cursor');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('cursor must be the next page of an earlier answer');
    const tab = await call('GET', '/api/blocks/me/tabs/soon', { token: owner.token });
    expect(tab.status).toBe(400);
  });

  it('answers only its owner', async () => {
    const page = await readJson(
      apiClient().blocks.me.tabs[':status'].$get({ param: { status: 'now' }, query: {} }),
    );
    expect(page.status).toBe(401);
  });
});

function place(owner: TestUser, id: number, status: BlockStatus, after: number | null) {
  return readJson(
    apiClient({ token: owner.token }).blocks[':id'].position.$put({
      param: { id: String(id) },
      json: { status, after },
    }),
  );
}

async function tabTitles(owner: TestUser, status: BlockStatus) {
  const answer = await ownBlocks(owner);
  expectStatus(answer, 200);
  return answer.body.blocks.filter((b) => b.status === status).map((block) => block.title);
}

/** An owner with Now holding A, B, C, D, E in that order, and Planned holding P. */
/** Each block of the owner's board by id, with its position. */
async function positionsOf(owner: TestUser) {
  const { results } = await env.DB.prepare('SELECT id, position FROM blocks WHERE user_id = ?')
    .bind(owner.id)
    .all<{ id: number; position: number }>();
  return new Map(results.map(({ id, position }) => [id, position]));
}

async function boardOfFive() {
  const owner = await createUser();
  const ids: Record<string, number> = {};
  for (const title of ['A', 'P', 'B', 'C', 'D', 'E']) {
    const status = title === 'P' ? 'planned' : 'now';
    ids[title] = (await createBlock(owner, { title, status, progress: 0 })).id;
  }
  return { owner, id: (title: string) => ids[title] as number };
}

describe("a tab's page, read", () => {
  it("from its view's own index, starting at the cursor, in board order with no sort", async () => {
    const searched = {
      owner: 'blocks_own_tab (user_id=? AND status=? AND position>?)',
      public: 'blocks_public_tab (user_id=? AND is_visible=? AND status=? AND position>?)',
    };
    for (const view of ['owner', 'public'] as const) {
      const query = tabPageRows(getDb(env), 1, 'done', { position: 5, id: 9 }, view).toSQL();
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
        .bind(...query.params)
        .all<{ detail: string }>();
      expect(plan.results.map((row) => row.detail)).toEqual([
        `SEARCH blocks USING INDEX ${searched[view]}`,
      ]);
    }
  });
});

describe('PUT /api/blocks/{id}/position', () => {
  it('puts the block after the neighbour named, or first, as each move asks', async () => {
    const { owner, id } = await boardOfFive();

    expectStatus(await place(owner, id('E'), 'now', null), 200);
    expectStatus(await place(owner, id('B'), 'now', id('D')), 200);
    expectStatus(await place(owner, id('A'), 'now', id('E')), 200);
    expectStatus(await place(owner, id('C'), 'now', id('B')), 200);

    expect(await tabTitles(owner, 'now')).toEqual(['E', 'A', 'D', 'B', 'C']);
    expect(await tabTitles(owner, 'planned')).toEqual(['P']);
  });

  it('writes only the moved block when it goes between blocks just added or imported', async () => {
    const { owner, id } = await boardOfFive();
    const goodreads = new File([goodreadsExport], 'goodreads_library_export.csv');
    const imported = await readJson(
      apiClient({ token: owner.token }).import[':source'].$post({
        param: { source: 'goodreads' },
        form: { file: goodreads },
      }),
    );
    expectStatus(imported, 200);
    const board = await ownBlocks(owner);
    expectStatus(board, 200);
    const [firstRead] = board.body.blocks.filter((block) => block.status === 'done');

    for (const [moving, status, after] of [
      [id('E'), 'now', id('B')],
      [id('A'), 'done', firstRead?.id ?? 0],
    ] as const) {
      const held = await positionsOf(owner);
      expectStatus(await place(owner, moving, status, after), 200);
      const written = [...(await positionsOf(owner))].filter(
        ([block, position]) => held.get(block) !== position,
      );
      expect(written.map(([block]) => block)).toEqual([moving]);
    }
  });

  it('keeps the order asked through many moves into the same place', async () => {
    const { owner, id } = await boardOfFive();
    const order = ['A', 'B', 'C', 'D', 'E'];
    // Each time the last block goes second: the gap after A halves until the board is renumbered.
    for (let move = 0; move < 14; move += 1) {
      const last = order.pop() as string;
      order.splice(1, 0, last);
      expectStatus(await place(owner, id(last), 'now', id('A')), 200);
    }
    expect(await tabTitles(owner, 'now')).toEqual(order);
  });

  it('moves a block to another tab, where its status and progress follow', async () => {
    const { owner, id } = await boardOfFive();

    const moved = await place(owner, id('P'), 'now', id('B'));
    expectStatus(moved, 200);
    expect(moved.body.block).toMatchObject({ status: 'now', progress: 50 });
    expect(await tabTitles(owner, 'now')).toEqual(['A', 'B', 'P', 'C', 'D', 'E']);
    expectStatus(await place(owner, id('C'), 'done', null), 200);
    const answer = await ownBlocks(owner);
    expectStatus(answer, 200);
    expect(answer.body.tabs.now.total).toBe(5);
    expect(answer.body.tabs.planned.total).toBe(0);
    expect(answer.body.tabs.done.total).toBe(1);
  });

  it('refuses a neighbour that is not in that tab, or is the block itself', async () => {
    const { owner, id } = await boardOfFive();
    const stranger = await createUser();
    const theirs = await createBlock(stranger, { title: 'Theirs' });

    for (const after of [id('P'), theirs.id, id('A'), 999_999]) {
      const refused = await place(owner, id('A'), 'now', after);
      expect(refused.status, `after ${after}`).toBe(400);
    }
    expect(await tabTitles(owner, 'now')).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it("answers 404 for someone else's block, and leaves it where it was", async () => {
    const { owner, id } = await boardOfFive();
    const stranger = await createUser();

    const refused = await place(stranger, id('E'), 'now', null);
    expect(refused.status).toBe(404);
    expect(await tabTitles(owner, 'now')).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it("shows the move on the public board's answer", async () => {
    const { owner, id } = await boardOfFive();
    const publicTitles = async () => {
      const board = await readJson(
        apiClient({ settled: true }).boards[':username'].$get({
          query: {},
          param: { username: owner.username },
        }),
      );
      expectStatus(board, 200);
      if (!('blocks' in board.body)) throw new Error('no blocks in the answer');
      return board.body.blocks.filter((b) => b.status === 'now').map((block) => block.title);
    };
    expect(await publicTitles()).toEqual(['A', 'B', 'C', 'D', 'E']);

    expectStatus(await place(owner, id('D'), 'now', null), 200);

    expect(await publicTitles()).toEqual(['D', 'A', 'B', 'C', 'E']);
  });
});
