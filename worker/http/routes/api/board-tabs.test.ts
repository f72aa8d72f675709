import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { cursorOfNext, tabPageSize } from '../../../../schema/board-pages';
import { bigBoard, publicTitles, type Status, statuses } from '../../../test/big-board';
import {
  apiClient,
  callJson,
  createBlock,
  createUser,
  deleteBlock,
  expectStatus,
  readJson,
  type SeededBlock,
  seedBlocks,
  type TestUser,
} from '../../../test/factories';

async function boardOf(username: string) {
  const answer = await readJson(
    apiClient().boards[':username'].$get({ query: {}, param: { username } }),
  );
  expectStatus(answer, 200);
  return answer.body;
}

type TabPage = { blocks: { title: string; status: Status }[]; next: string | null };

/** Every block of a tab, following `next` from the tab's first page to its last. */
async function wholeTab(username: string, status: Status) {
  const first = await readJson(
    apiClient().boards[':username'].blocks.$get({ param: { username }, query: { status } }),
  );
  expectStatus(first, 200);
  const titles = first.body.blocks.map((block) => block.title);
  let next = first.body.next;
  while (next !== null) {
    const page = await callJson<TabPage>('GET', next);
    expect(page.status).toBe(200);
    expect(page.body.blocks.every((block) => block.status === status)).toBe(true);
    titles.push(...page.body.blocks.map((block) => block.title));
    next = page.body.next;
  }
  return titles;
}

async function seededUser(rows: SeededBlock[]): Promise<TestUser> {
  const user = await createUser();
  await seedBlocks(user, rows);
  return user;
}

describe("a board of 250 blocks, as its answer's tab pages carry it", () => {
  const doneTitles = (blocks: { title: string; status: Status }[]) =>
    blocks.filter((block) => block.status === 'done').map((block) => block.title);

  it("answers a tab's next page when asked by its cursor, the other tabs' first pages beside it", async () => {
    const rows = bigBoard();
    const user = await seededUser(rows);
    const first = await boardOf(user.username);
    const done = cursorOfNext(first.tabs.done.next ?? '') ?? '';
    const second = await readJson(
      apiClient().boards[':username'].$get({ param: { username: user.username }, query: { done } }),
    );
    expectStatus(second, 200);
    const publicDone = publicTitles(rows, 'done');
    expect(doneTitles(second.body.blocks)).toEqual(publicDone.slice(tabPageSize, 2 * tabPageSize));
    expect(second.body.tabs.done.count).toBe(publicDone.length);
    expect(second.body.blocks.filter((block) => block.status === 'planned')).toHaveLength(
      tabPageSize,
    );
  });

  it('gives its owner pages too, hidden blocks included, and every block by following them', async () => {
    const rows = bigBoard();
    const user = await seededUser(rows);
    const own = (query: { done?: string }) =>
      readJson(
        apiClient({ token: user.token }).boards[':username'].$get({
          param: { username: user.username },
          query,
        }),
      );
    const ownDone = rows.filter((row) => row.status === 'done').map((row) => row.title);
    const first = await own({});
    expectStatus(first, 200);
    expect(first.body.blocks.length).toBeLessThanOrEqual(3 * tabPageSize);
    expect(first.body.tabs.done.count).toBe(ownDone.length);
    const seen = doneTitles(first.body.blocks);
    let next = first.body.tabs.done.next;
    // A tab of 150 has three pages: a page that never moves on fails here instead of looping.
    for (let pages = 1; next !== null; pages += 1) {
      expect(pages).toBeLessThan(3);
      const page = await own({ done: cursorOfNext(next) ?? '' });
      expectStatus(page, 200);
      seen.push(...doneTitles(page.body.blocks));
      next = page.body.tabs.done.next;
    }
    expect(seen).toEqual(ownDone);
  });
});

describe('a board of 250 blocks, as the API answers it', () => {
  it("carries each tab's first page, its true count and the path of its next page", async () => {
    const rows = bigBoard();
    const user = await seededUser(rows);
    const board = await boardOf(user.username);
    for (const status of statuses) {
      const all = publicTitles(rows, status);
      const shown = board.blocks.filter((block) => block.status === status);
      expect(shown.map((block) => block.title)).toEqual(all.slice(0, tabPageSize));
      expect(board.tabs[status].count).toBe(all.length);
      expect(board.tabs[status].next === null).toBe(all.length <= tabPageSize);
    }
    expect(board.tabs.done.count).toBe(140);
    // The tabs' pages together, in board order, as the board has always carried its blocks.
    const firstPages = statuses.flatMap((status) =>
      publicTitles(rows, status).slice(0, tabPageSize),
    );
    const inBoardOrder = rows.map((row) => row.title).filter((title) => firstPages.includes(title));
    expect(board.blocks.map((block) => block.title)).toEqual(inBoardOrder);
  });

  it('gives every public block of a tab exactly once, in order, to one who follows next to the end', async () => {
    const rows = bigBoard();
    const user = await seededUser(rows);
    for (const status of statuses) {
      expect(await wholeTab(user.username, status)).toEqual(publicTitles(rows, status));
    }
  });

  it('never shows a hidden block, on the first page or any other', async () => {
    const rows = bigBoard();
    const user = await seededUser(rows);
    const hidden = rows.filter((row) => row.isVisible === false).map((row) => row.title);
    const board = await boardOf(user.username);
    const seen = [...board.blocks.map((block) => block.title)];
    for (const status of statuses) seen.push(...(await wholeTab(user.username, status)));
    expect(seen.filter((title) => hidden.includes(title))).toEqual([]);
  });

  it('does not skip a block on the next page when one of the first page is deleted after it was read', async () => {
    const rows = bigBoard();
    const user = await seededUser(rows);
    const board = await boardOf(user.username);
    const next = board.tabs.done.next;
    expect(next).not.toBeNull();
    const [firstDone] = board.blocks.filter((block) => block.status === 'done');
    const deleted = await deleteBlock(user, firstDone?.id ?? 0);
    expect(deleted.status).toBe(200);
    const page = await callJson<TabPage>('GET', next ?? '');
    expect(page.body.blocks.map((block) => block.title)).toEqual(
      publicTitles(rows, 'done').slice(tabPageSize, 2 * tabPageSize),
    );
  });
});

describe("a tab's page asked for wrongly", () => {
  it('is a 400 naming the cursor when the cursor is not one an answer gave', async () => {
    const user = await seededUser(bigBoard());
    for (const cursor of ['abc', '12', '1.2.3', '1e3.4', '']) {
      const answer = await callJson<{ fields?: Record<string, string> }>(
        'GET',
        `/api/boards/${user.username}/blocks?status=done&cursor=${cursor}`,
      );
      expect(answer.status, cursor).toBe(400);
      expect(answer.body.fields?.cursor).toMatch(/cursor must be the next page/);
    }
  });

  it('is a 400 naming the status when the status is not a tab', async () => {
    const user = await createUser();
    for (const path of ['?status=later', '', '?status=done&page=2']) {
      const answer = await callJson<{ fields?: Record<string, string> }>(
        'GET',
        `/api/boards/${user.username}/blocks${path}`,
      );
      expect(answer.status, path).toBe(400);
    }
    const wrong = await callJson<{ fields?: Record<string, string> }>(
      'GET',
      `/api/boards/${user.username}/blocks?status=later`,
    );
    expect(wrong.body.fields?.status).toBe('status must be now, planned or done.');
  });

  it('is a 404 for an unknown or private board, where a public one answers', async () => {
    const shown = await createUser();
    const answer = await callJson('GET', `/api/boards/${shown.username}/blocks?status=now`);
    expect(answer.status).toBe(200);
    const hidden = await createUser({ isPublic: false });
    for (const username of ['nobody-here-at-all', hidden.username]) {
      const answer = await callJson('GET', `/api/boards/${username}/blocks?status=now`);
      expect(answer.status, username).toBe(404);
    }
  });
});

describe('a board near its limit of 50,000 blocks', () => {
  it('takes its 50,000th block and refuses the next with 409 and what to do', async () => {
    const user = await seededUser(
      Array.from({ length: 49_999 }, (_, n) => ({ title: `Book ${n}`, status: 'done' as const })),
    );
    const last = await createBlock(user);
    expect(last.id).toBeGreaterThan(0);
    const refused = await readJson(
      apiClient({ token: user.token }).blocks.$post({ json: { ...blockOf('One too many') } }),
    );
    expectStatus(refused, 409);
    expect(refused.body.error).toBe(
      'Your board holds at most 50000 blocks. Delete one to add another.',
    );
    const size = await env.DB.prepare('SELECT blocks FROM board_sizes WHERE user_id = ?')
      .bind(user.id)
      .first<{ blocks: number }>();
    expect(size?.blocks).toBe(50_000);
  }, 120_000);
});

function blockOf(title: string) {
  return { category: 'learning', type: 'books-reading', title, status: 'planned' } as const;
}

// A StoryGraph library export as StoryGraph writes it: its full header, one book a row.
const storygraphHeader =
  'Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Pace,Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,Diverse Characters?,Flawed Characters?,Star Rating,Review,Content Warnings,Content Warning Description,Tags,Owned?';
const readStatuses = ['read', 'currently-reading', 'to-read'] as const;

function storygraphLibrary(books: number): string {
  const lines = [storygraphHeader];
  for (let n = 0; n < books; n += 1) {
    const status = readStatuses[n % 3];
    lines.push(
      `Book number ${n},Author ${n},,,paperback,${status},2024/02/10,2024/02/20,,1,,,,,,,,4,,,,,No`,
    );
  }
  return lines.join('\n');
}

/** Imports 20,000 StoryGraph rows onto `user`'s board, saying how long it took. */
async function importTwentyThousandRows(user: TestUser, onto: string) {
  const file = new File([storygraphLibrary(20_000)], 'storygraph_export.csv', {
    type: 'text/csv',
  });
  const started = Date.now();
  const imported = await readJson(
    apiClient({ token: user.token }).import[':source'].$post({
      param: { source: 'storygraph' },
      form: { file },
    }),
  );
  console.info(`20,000 StoryGraph rows imported onto ${onto} in ${Date.now() - started} ms`);
  expectStatus(imported, 200);
  expect(imported.body.added).toBe(20_000);
}

describe('an archive of 20,000 rows', () => {
  it('is imported whole: every row a block, every tab counted', async () => {
    const user = await createUser();
    await importTwentyThousandRows(user, 'a new board');
    const board = await boardOf(user.username);
    expect(board.tabs).toMatchObject({
      done: { count: 6667 },
      now: { count: 6667 },
      planned: { count: 6666 },
    });
    expect(board.blocks).toHaveLength(3 * tabPageSize);
  }, 120_000);

  it('is imported whole onto a board Discover lists, and Discover finds its titles', async () => {
    const user = await createUser();
    await createBlock(user, blockOf('Already here'));
    await importTwentyThousandRows(user, 'a board Discover lists');
    const found = await readJson(apiClient().discover.$get({ query: { q: 'number 19999' } }));
    expectStatus(found, 200);
    // The other archive's board holds the same titles.
    expect(found.body.boards.map((board) => board.user.username)).toContain(user.username);
  }, 120_000);
});
