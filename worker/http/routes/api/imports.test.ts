import { env } from 'cloudflare:workers';
import { encode as encodePng } from 'fast-png';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { maxBlocksPerBoard } from '../../../../schema/blocks';
import type { ImportSource } from '../../../../schema/imports';
import {
  apiClient,
  call,
  createUser,
  expectStatus,
  ownBlockCount,
  readJson,
  seedBlocks,
  type TestUser,
} from '../../../test/factories';
import goodreadsExport from '../../../test/fixtures/goodreads_library_export.csv?raw';
import watchedExport from '../../../test/fixtures/watched.csv?raw';
import watchlistExport from '../../../test/fixtures/watchlist.csv?raw';

const csvFile = (text: string | Uint8Array<ArrayBuffer>, name: string) =>
  new File([text], name, { type: 'text/csv' });
const goodreadsFile = () => csvFile(goodreadsExport, 'goodreads_library_export.csv');

function preview(user: TestUser, source: ImportSource, file: File) {
  return readJson(
    apiClient({ token: user.token }).import[':source'].preview.$post({
      param: { source },
      form: { file },
    }),
  );
}

function importFile(user: TestUser, source: ImportSource, file: File) {
  return readJson(
    apiClient({ token: user.token }).import[':source'].$post({ param: { source }, form: { file } }),
  );
}

async function boardOf(user: TestUser) {
  const answer = await readJson(apiClient({ token: user.token }).blocks.me.$get());
  expectStatus(answer, 200);
  return answer.body.blocks;
}

async function storyOf(blockId: number) {
  const { results } = await env.DB.prepare(
    'SELECT kind, at FROM block_story_events WHERE block_id = ? ORDER BY id',
  )
    .bind(blockId)
    .all<{ kind: string; at: number }>();
  return results;
}

/** Fills a board up to `count` blocks straight in the database: the cap is what is tested. */
async function fillBoard(user: TestUser, count: number) {
  await seedBlocks(
    user,
    Array.from({ length: count }, (_, i) => ({ title: `Block ${i + 1}`, status: 'now' as const })),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);

describe('POST /api/import/goodreads/preview', () => {
  it('lists the books of a library export by shelf, leaves other shelves out, and adds nothing', async () => {
    const user = await createUser();
    const answer = await preview(user, 'goodreads', goodreadsFile());
    expectStatus(answer, 200);
    expect(answer.body).toEqual({
      blocks: [
        {
          title: 'The Hunger Games (The Hunger Games, #1)',
          subtitle: 'Suzanne Collins',
          status: 'done',
          statusSince: utc('2023-04-15'),
          rating: 4,
        },
        {
          title: 'The Great Gatsby',
          subtitle: 'F. Scott Fitzgerald',
          status: 'done',
          statusSince: utc('2019-08-20'),
          rating: 5,
        },
        {
          title: 'Atomic Habits: An Easy & Proven Way to Build Good Habits & Break Bad Ones',
          subtitle: 'James Clear',
          status: 'now',
          statusSince: utc('2024-02-10'),
          rating: null,
        },
        {
          title: 'The Alchemist',
          subtitle: 'Paulo Coelho',
          status: 'planned',
          statusSince: utc('2024-03-01'),
          rating: null,
        },
      ],
      newCount: 4,
      alreadyOnBoard: 0,
      skippedRows: 1,
      room: maxBlocksPerBoard,
      doesNotFit: null,
      withIsbn: 3,
    });
    expect(await boardOf(user)).toEqual([]);
  });
});

describe('POST /api/import/goodreads', () => {
  it('adds each book as a block with its author, shelf status and Goodreads link', async () => {
    const user = await createUser();
    const answer = await importFile(user, 'goodreads', goodreadsFile());
    expectStatus(answer, 200);
    expect(answer.body).toEqual({ added: 4, covers: 0, updated: 0, skippedRows: 1 });

    const board = await boardOf(user);
    expect(
      board.map(({ title, subtitle, status, progress, type, category, externalUrl }) => ({
        title,
        subtitle,
        status,
        progress,
        type,
        category,
        externalUrl,
      })),
    ).toEqual([
      {
        title: 'The Hunger Games (The Hunger Games, #1)',
        subtitle: 'Suzanne Collins',
        status: 'done',
        progress: 100,
        type: 'books-reading',
        category: 'learning',
        externalUrl: 'https://www.goodreads.com/book/show/2767052',
      },
      expect.objectContaining({ title: 'The Great Gatsby', status: 'done', progress: 100 }),
      expect.objectContaining({ subtitle: 'James Clear', status: 'now', progress: 5 }),
      expect.objectContaining({ title: 'The Alchemist', status: 'planned', progress: 0 }),
    ]);
  });

  it("tells each book's story from the export's dates: shelved, then finished on the date read", async () => {
    const user = await createUser();
    expectStatus(await importFile(user, 'goodreads', goodreadsFile()), 200);
    const [hungerGames, gatsby, atomicHabits] = await boardOf(user);

    expect(hungerGames?.statusSince).toBe(utc('2023-04-15'));
    expect(await storyOf(hungerGames?.id ?? 0)).toEqual([
      { kind: 'added', at: utc('2023-01-02') },
      { kind: 'finished', at: utc('2023-04-15') },
    ]);
    // No date read: finished when it was shelved as read.
    expect(await storyOf(gatsby?.id ?? 0)).toEqual([
      { kind: 'added', at: utc('2019-08-20') },
      { kind: 'finished', at: utc('2019-08-20') },
    ]);
    expect(await storyOf(atomicHabits?.id ?? 0)).toEqual([
      { kind: 'added', at: utc('2024-02-10') },
      { kind: 'started', at: utc('2024-02-10') },
    ]);
  });

  it('adds nothing new when the same file is imported again', async () => {
    const user = await createUser();
    expectStatus(await importFile(user, 'goodreads', goodreadsFile()), 200);
    const again = await importFile(user, 'goodreads', goodreadsFile());
    expectStatus(again, 200);
    expect(again.body).toEqual({ added: 0, covers: 0, updated: 4, skippedRows: 1 });
    expect(await boardOf(user)).toHaveLength(4);

    const previewed = await preview(user, 'goodreads', goodreadsFile());
    expectStatus(previewed, 200);
    expect(previewed.body).toMatchObject({ blocks: [], newCount: 0, alreadyOnBoard: 4 });
  });

  it('adds the same file once, each book with one story, when it is sent twice in the same millisecond', async () => {
    const user = await createUser();
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-25T05:00:00Z'));
    const answers = await Promise.all([
      importFile(user, 'goodreads', goodreadsFile()),
      importFile(user, 'goodreads', goodreadsFile()),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const board = await boardOf(user);
    expect(board).toHaveLength(4);
    for (const block of board) expect(await storyOf(block.id)).toHaveLength(2);
  });

  it("adds only the books new since the last import, and leaves other people's boards alone", async () => {
    const user = await createUser();
    const other = await createUser();
    expectStatus(await importFile(other, 'goodreads', goodreadsFile()), 200);
    const lines = goodreadsExport.split('\n');
    const gatsby = lines.find((line) => line.includes('The Great Gatsby'));
    expectStatus(
      await importFile(user, 'goodreads', csvFile(`${lines[0]}\n${gatsby}\n`, 'export.csv')),
      200,
    );
    const answer = await importFile(user, 'goodreads', goodreadsFile());
    expectStatus(answer, 200);
    expect(answer.body).toEqual({ added: 3, covers: 0, updated: 1, skippedRows: 1 });
    expect(await boardOf(user)).toHaveLength(4);
    expect(await boardOf(other)).toHaveLength(4);
  });

  it('refuses a file that would overfill the board, saying how many fit, and adds nothing', {
    timeout: 60_000,
  }, async () => {
    const user = await createUser();
    await fillBoard(user, maxBlocksPerBoard - 2);

    const previewed = await preview(user, 'goodreads', goodreadsFile());
    expectStatus(previewed, 200);
    const doesNotFit = `This file would add 4 blocks. Only 2 of them fit: a board holds at most ${maxBlocksPerBoard} blocks. Delete some blocks, or remove rows from the file, and try again.`;
    expect(previewed.body).toMatchObject({ newCount: 4, room: 2, doesNotFit });

    const answer = await importFile(user, 'goodreads', goodreadsFile());
    expectStatus(answer, 409);
    expect(answer.body.error).toBe(doesNotFit);
    expect(await ownBlockCount(user)).toBe(maxBlocksPerBoard - 2);
  });

  it('says the board is full when it has no room at all', { timeout: 60_000 }, async () => {
    const user = await createUser();
    await fillBoard(user, maxBlocksPerBoard);
    const answer = await importFile(user, 'goodreads', goodreadsFile());
    expectStatus(answer, 409);
    expect(answer.body.error).toMatch(/^This file would add 4 blocks\. Your board is full: /);
  });
});

describe('POST /api/import/letterboxd', () => {
  it('adds the films of watched.csv as Done and of watchlist.csv as Planned, with year and link', async () => {
    const user = await createUser();
    const watched = await importFile(user, 'letterboxd', csvFile(watchedExport, 'watched.csv'));
    expectStatus(watched, 200);
    expect(watched.body).toEqual({ added: 3, covers: 0, updated: 0, skippedRows: 0 });
    const watchlist = await importFile(
      user,
      'letterboxd',
      csvFile(watchlistExport, 'watchlist.csv'),
    );
    expectStatus(watchlist, 200);
    expect(watchlist.body.added).toBe(2);

    const board = await boardOf(user);
    expect(
      board.map(({ title, subtitle, status, type, externalUrl, statusSince }) => ({
        title,
        subtitle,
        status,
        type,
        externalUrl,
        statusSince,
      })),
    ).toEqual([
      {
        title: 'Past Lives',
        subtitle: '2023',
        status: 'done',
        type: 'film-animation',
        externalUrl: 'https://boxd.it/2bG6',
        statusSince: utc('2024-01-15'),
      },
      expect.objectContaining({ title: 'Crouching Tiger, Hidden Dragon', status: 'done' }),
      expect.objectContaining({ title: 'Paddington 2', status: 'done' }),
      expect.objectContaining({ title: 'Perfect Days', status: 'planned', subtitle: '2023' }),
      expect.objectContaining({ title: 'Aftersun', status: 'planned' }),
    ]);
    expect(await storyOf(board[0]?.id ?? 0)).toEqual([
      { kind: 'added', at: utc('2024-01-15') },
      { kind: 'finished', at: utc('2024-01-15') },
    ]);

    const again = await importFile(user, 'letterboxd', csvFile(watchedExport, 'watched.csv'));
    expectStatus(again, 200);
    expect(again.body).toEqual({ added: 0, covers: 0, updated: 3, skippedRows: 0 });
  });

  it('asks which list a watched or watchlist file is when neither its columns nor its name say, then takes the answer', async () => {
    const user = await createUser();
    const unnamed = csvFile(watchedExport, 'my-films.csv');
    const answer = await importFile(user, 'letterboxd', unnamed);
    expectStatus(answer, 400);
    const ask =
      "Letterboxd's watched.csv and watchlist.csv have the same columns: choose which list this file is.";
    expect(answer.body).toEqual({ error: ask, fields: { list: ask } });

    const chosen = await readJson(
      apiClient({ token: user.token }).import[':source'].$post({
        param: { source: 'letterboxd' },
        form: { file: unnamed, list: 'watchlist' },
      }),
    );
    expectStatus(chosen, 200);
    expect(chosen.body.added).toBe(3);
    expect(new Set((await boardOf(user)).map((block) => block.status))).toEqual(
      new Set(['planned']),
    );
  });

  it('recognises a diary by its header whatever its name: each film once, Done since its last viewing, rewatches counted', async () => {
    const user = await createUser();
    const diary = [
      'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date',
      '2024-03-02,Past Lives,2023,https://boxd.it/aaaa1,4.5,,,2024-03-01',
      '2024-05-10,Past Lives,2023,https://boxd.it/aaaa2,5,Yes,,2024-05-09',
      '2024-04-01,Aftersun,2022,https://boxd.it/bbbb1,4,,,2024-03-30',
    ].join('\n');
    const previewed = await preview(user, 'letterboxd', csvFile(diary, 'my-films.csv'));
    expectStatus(previewed, 200);
    expect(previewed.body.newCount).toBe(2);

    const answer = await importFile(user, 'letterboxd', csvFile(diary, 'my-films.csv'));
    expectStatus(answer, 200);
    expect(answer.body).toEqual({ added: 2, covers: 0, updated: 0, skippedRows: 0 });
    const board = await boardOf(user);
    expect(
      board.map(({ title, subtitle, description, status, statusSince }) => ({
        title,
        subtitle,
        description,
        status,
        statusSince,
      })),
    ).toEqual([
      {
        title: 'Past Lives',
        subtitle: '2023',
        description: 'Watched 2 times',
        status: 'done',
        statusSince: utc('2024-05-09'),
      },
      {
        title: 'Aftersun',
        subtitle: '2022',
        description: null,
        status: 'done',
        statusSince: utc('2024-03-30'),
      },
    ]);
    expect(await storyOf(board[0]?.id ?? 0)).toEqual([
      { kind: 'added', at: utc('2024-03-01') },
      { kind: 'finished', at: utc('2024-05-09') },
    ]);
    const again = await importFile(user, 'letterboxd', csvFile(diary, 'diary.csv'));
    expectStatus(again, 200);
    expect(again.body.updated).toBe(2);
  });

  it('recognises a Goodreads export sent as Letterboxd by its header', async () => {
    const user = await createUser();
    const answer = await importFile(user, 'letterboxd', csvFile(goodreadsExport, 'books.csv'));
    expectStatus(answer, 200);
    expect(answer.body.added).toBe(4);
  });
});

describe('covers from Open Library', () => {
  /** The stand-in for covers.openlibrary.org: worker/dev/outside-site.ts on loopback. */
  const site = inject('outsideSite');
  const hungerGamesCover = '/b/isbn/9780439023481-M.jpg';

  async function serveCover() {
    const data = new Uint8Array(30 * 45 * 3).map((_, i) => (i * 3) % 256);
    const png = encodePng({ width: 30, height: 45, data, channels: 3 });
    let binary = '';
    for (const byte of png) binary += String.fromCharCode(byte);
    const put = await fetch(`${site}/__pages${hungerGamesCover}`, {
      method: 'PUT',
      body: JSON.stringify({ headers: { 'content-type': 'image/jpeg' }, base64: btoa(binary) }),
    });
    expect(put.status).toBe(204);
  }

  const hits = async () => Number(await (await fetch(`${site}/__hits${hungerGamesCover}`)).text());

  function importWithCovers(user: TestUser, covers: boolean) {
    return readJson(
      apiClient({
        token: user.token,
        settled: { ...env, OPEN_LIBRARY_COVERS_URL: site } as Env,
      }).import[':source'].$post({
        param: { source: 'goodreads' },
        form: { file: goodreadsFile(), covers: String(covers) },
      }),
    );
  }

  it("copies each book's cover into our store by its ISBN, only when asked; a book without one stays as it was", async () => {
    await serveCover();
    const before = await hits();
    const without = await createUser();
    const plain = await importWithCovers(without, false);
    expectStatus(plain, 200);
    expect(plain.body.covers).toBe(0);
    expect(await hits()).toBe(before);

    const user = await createUser();
    const previewed = await preview(user, 'goodreads', goodreadsFile());
    expectStatus(previewed, 200);
    expect(previewed.body.withIsbn).toBeGreaterThan(1);
    const answer = await importWithCovers(user, true);
    expectStatus(answer, 200);
    expect(answer.body).toMatchObject({ added: 4, covers: 1 });
    expect(await hits()).toBe(before + 1);
    const board = await boardOf(user);
    const covered = board.find((block) => block.title.startsWith('The Hunger Games'));
    expect(covered?.imageUrl).toMatch(/^\/api\/images\/blocks\/\d+\/[0-9a-f-]{36}\.png$/);
    const stored = await call('GET', covered?.imageUrl ?? '');
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('image/png');
    expect(board.filter((block) => block.imageUrl !== null)).toHaveLength(1);
  });
});

describe('malformed files change nothing', () => {
  it.each([
    ['an empty file', '', 'The file is empty.'],
    [
      'a Letterboxd list whose kind neither its columns nor its name tell',
      watchedExport,
      "Letterboxd's watched.csv and watchlist.csv have the same columns: choose which list this file is.",
    ],
    [
      'text that is not CSV',
      'My reading list:\nDune, Neuromancer',
      'This is not a Goodreads library export: it has no Book Id, Title, Author, Exclusive Shelf column.',
    ],
    [
      'a row with an unclosed quote',
      `${goodreadsExport.split('\n')[0]}\n1,"Dune,Frank Herbert,,,,,0,4.2,Ace,Paperback,1,1,1,,,,,read,,,,0,0\n`,
      'The file cannot be read on line 2: Quoted field unterminated.',
    ],
  ])('answers 400 to %s', async (_case, text, message) => {
    const user = await createUser();
    const answer = await importFile(user, 'goodreads', csvFile(text, 'export.csv'));
    expectStatus(answer, 400);
    expect(answer.body.error).toBe(message);
    expect(await boardOf(user)).toEqual([]);
  });

  it('answers 400 to a binary file', async () => {
    const user = await createUser();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const answer = await preview(user, 'goodreads', csvFile(png, 'cover.png'));
    expectStatus(answer, 400);
    expect(answer.body.error).toBe(
      'This is not a CSV file. Choose the .csv file of your Goodreads library export.',
    );
  });

  it('answers 400 when no file is sent', async () => {
    const user = await createUser();
    const form = new FormData();
    form.set('notes', 'no file here');
    const response = await call('POST', '/api/import/goodreads', { token: user.token, body: form });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'Choose the file to import.' });
  });

  it('answers 400 to a source it cannot import from', async () => {
    const user = await createUser();
    const form = new FormData();
    form.set('file', goodreadsFile());
    const response = await call('POST', '/api/import/netflix', {
      token: user.token,
      body: form,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'Import from goodreads, letterboxd, storygraph, trakt or imdb.',
    });
  });

  it('answers 413 to a file over 5 MB before reading it', async () => {
    const user = await createUser();
    const huge = csvFile(`${goodreadsExport}${' '.repeat(5 * 1024 * 1024)}`, 'export.csv');
    const answer = await importFile(user, 'goodreads', huge);
    expectStatus(answer, 413);
    expect(answer.body.error).toBe('The file is too large: the limit is 5 MB.');
    expect(await boardOf(user)).toEqual([]);
  });

  it('answers 401 to a signed-out caller', async () => {
    const form = new FormData();
    form.set('file', goodreadsFile());
    const response = await call('POST', '/api/import/goodreads', { body: form });
    expect(response.status).toBe(401);
  });
});
