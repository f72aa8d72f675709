import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { BlockStatus } from '../../../../schema/block-values';
import {
  apiClient,
  createBlock,
  createUser,
  expectStatus,
  fetchSettled,
  offContract,
  readJson,
  type TestUser,
  withAppShell,
} from '../../../test/factories';

type Tab = { status: BlockStatus; ids: number[] };

function putOrder(user: Pick<TestUser, 'token'> | null, order: Tab) {
  return readJson(apiClient({ token: user?.token }).blocks.order.$put({ json: order }));
}

async function ownTitles(user: TestUser, status: BlockStatus): Promise<string[]> {
  const answer = await readJson(apiClient({ token: user.token }).blocks.me.$get());
  expectStatus(answer, 200);
  return answer.body.blocks.filter((block) => block.status === status).map((block) => block.title);
}

/** An owner with Now holding Apricot, Blueberry, a hidden Hazel and Cherry, in that order, and Planned holding Plum. */
async function boardOfThree() {
  const owner = await createUser();
  const a = await createBlock(owner, { title: 'Apricot' });
  const p = await createBlock(owner, { title: 'Plum', status: 'planned', progress: 0 });
  const b = await createBlock(owner, { title: 'Blueberry' });
  const h = await createBlock(owner, { title: 'Hazel', isVisible: false });
  const c = await createBlock(owner, { title: 'Cherry' });
  return { owner, a, b, c, h, p };
}

// The built app shell the board page is drawn into (dist/ may not be built for these tests).
const shell =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';

/** Reads a public rendition as an anonymous visitor, through the edge cache. */
async function readPublic(path: string) {
  const response = await fetchSettled(
    new Request(`http://up2.test${path}`),
    withAppShell(shell).env,
  );
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The titles in `text` in the order they first appear. */
function orderIn(text: string, titles: string[]): string[] {
  return titles.toSorted((x, y) => text.indexOf(x) - text.indexOf(y));
}

describe('PUT /api/blocks/order', () => {
  it('puts the blocks of one tab in the order given, hidden ones included, and answers it', async () => {
    const { owner, a, b, c, h } = await boardOfThree();
    const order = { status: 'now' as const, ids: [c.id, h.id, a.id, b.id] };

    const answer = await putOrder(owner, order);
    expectStatus(answer, 200);
    expect(answer.body).toEqual(order);
    expect(await ownTitles(owner, 'now')).toEqual(['Cherry', 'Hazel', 'Apricot', 'Blueberry']);
    expect(await ownTitles(owner, 'planned')).toEqual(['Plum']);
  });

  it("keeps the tab's blocks in the places they held among the board's other tabs", async () => {
    const { owner, a, b, c, h, p } = await boardOfThree();
    const positions = async () => {
      const rows = await env.DB.prepare(
        'SELECT id, position FROM blocks WHERE user_id = ? ORDER BY position, id',
      )
        .bind(owner.id)
        .all<{ id: number; position: number }>();
      return rows.results;
    };
    const before = (await positions()).map((row) => row.position);

    expectStatus(await putOrder(owner, { status: 'now', ids: [b.id, c.id, h.id, a.id] }), 200);
    const after = await positions();
    expect(after.map((row) => row.id)).toEqual([b.id, p.id, c.id, h.id, a.id]);
    expect(after.map((row) => row.position)).toEqual(before);
  });

  it('shows the new order at once on the cached public board, its page, the embed and Discover', async () => {
    const { owner, a, b, c, h } = await boardOfThree();
    const visible = ['Apricot', 'Blueberry', 'Cherry'];
    const renditions = [
      `/api/boards/${owner.username}`,
      `/@${owner.username}`,
      `/embed/@${owner.username}`,
    ];
    // Cached in their first order: the reorder must be what moves them.
    for (const path of renditions) {
      expect(orderIn(await readPublic(path), visible), path).toEqual(visible);
    }

    expectStatus(await putOrder(owner, { status: 'now', ids: [c.id, a.id, h.id, b.id] }), 200);

    for (const path of renditions) {
      expect(orderIn(await readPublic(path), visible), path).toEqual([
        'Cherry',
        'Apricot',
        'Blueberry',
      ]);
    }
    const discover = await readJson(apiClient().discover.$get({ query: { q: owner.username } }));
    expectStatus(discover, 200);
    const listed = discover.body.boards.find((entry) => entry.user.username === owner.username);
    expect(listed?.blocks.map((block) => block.title)).toEqual([
      'Cherry',
      'Plum',
      'Apricot',
      'Blueberry',
    ]);
  });

  it('puts the Planned and Done tabs in order too, leaving Now alone', async () => {
    const owner = await createUser();
    const n = await createBlock(owner, { title: 'N' });
    const d1 = await createBlock(owner, { title: 'D1', status: 'done', progress: 100 });
    const d2 = await createBlock(owner, { title: 'D2', status: 'done', progress: 100 });
    expectStatus(await putOrder(owner, { status: 'done', ids: [d2.id, d1.id] }), 200);
    expect(await ownTitles(owner, 'done')).toEqual(['D2', 'D1']);
    expectStatus(await putOrder(owner, { status: 'now', ids: [n.id] }), 200);
    expect(await ownTitles(owner, 'now')).toEqual(['N']);
  });

  describe('refuses, with 400 and the order unchanged, an order that is not exactly the tab', () => {
    const cases: {
      behaviour: string;
      order: (board: Awaited<ReturnType<typeof boardOfThree>>, stranger: number) => Tab;
      message: RegExp;
    }[] = [
      {
        behaviour: 'a block of the tab left out',
        order: ({ a, b }) => ({ status: 'now', ids: [b.id, a.id] }),
        message: /^The order must list every block in Now: block \d+ is missing\./,
      },
      {
        behaviour: 'the same block twice',
        order: ({ a, b, c, h }) => ({ status: 'now', ids: [c.id, c.id, a.id, b.id, h.id] }),
        message: /^Each block may appear only once in the order\.$/,
      },
      {
        behaviour: 'a block that does not exist',
        order: ({ a, b, c, h }) => ({ status: 'now', ids: [c.id, a.id, b.id, h.id, 999_999_999] }),
        message:
          /^The order must list only your blocks in Now: block 999999999 is not one of them\.$/,
      },
      {
        behaviour: "another person's block",
        order: ({ a, b, c, h }, stranger) => ({
          status: 'now',
          ids: [c.id, a.id, b.id, h.id, stranger],
        }),
        message: /^The order must list only your blocks in Now: block \d+ is not one of them\.$/,
      },
      {
        behaviour: 'a block from another tab',
        order: ({ a, b, c, h, p }) => ({ status: 'now', ids: [p.id, c.id, a.id, b.id, h.id] }),
        message: /^The order must list only your blocks in Now: block \d+ is not one of them\.$/,
      },
      {
        behaviour: 'the right blocks under the wrong status',
        order: ({ a, b, c, h }) => ({ status: 'planned', ids: [c.id, a.id, b.id, h.id] }),
        message:
          /^The order must list only your blocks in Planned: block \d+ is not one of them\.$/,
      },
    ];
    for (const { behaviour, order, message } of cases) {
      it(behaviour, async () => {
        const board = await boardOfThree();
        const someoneElse = await createUser();
        const stranger = await createBlock(someoneElse, { title: 'Not yours' });
        const answer = await putOrder(board.owner, order(board, stranger.id));
        expectStatus(answer, 400);
        expect(answer.body.error).toMatch(message);
        expect(await ownTitles(board.owner, 'now')).toEqual([
          'Apricot',
          'Blueberry',
          'Hazel',
          'Cherry',
        ]);
        expect(await ownTitles(board.owner, 'planned')).toEqual(['Plum']);
      });
    }
  });

  it('refuses a status outside now, planned and done, and ids that are not whole numbers', async () => {
    const { owner, a } = await boardOfThree();
    const badStatus = await putOrder(owner, offContract({ status: 'later', ids: [a.id] }));
    expectStatus(badStatus, 400);
    expect(badStatus.body.error).toBe('Status must be now, planned or done.');
    const badIds = await putOrder(owner, offContract({ status: 'now', ids: ['first'] }));
    expectStatus(badIds, 400);
    expect(badIds.body.error).toBe('Block ids must be numbers.');
  });

  it('refuses a signed-out caller with 401', async () => {
    const { owner, a, b, c, h } = await boardOfThree();
    const answer = await putOrder(null, { status: 'now', ids: [c.id, b.id, a.id, h.id] });
    expectStatus(answer, 401);
    expect(await ownTitles(owner, 'now')).toEqual(['Apricot', 'Blueberry', 'Hazel', 'Cherry']);
  });
});
