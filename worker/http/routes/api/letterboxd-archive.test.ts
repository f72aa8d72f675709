import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ImportSource } from '../../../../schema/imports';
import {
  apiClient,
  createUser,
  expectStatus,
  readJson,
  type TestUser,
} from '../../../test/factories';

// A Letterboxd export ZIP as Letterboxd writes it (2026): its CSVs at the root, lists and likes
// in folders, a profile beside them.
const diary = [
  'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date',
  '2024-01-16,Past Lives,2023,https://boxd.it/5NXQ4b,4,,,2024-01-15',
  '2024-05-10,Past Lives,2023,https://boxd.it/6aaa1,4.5,Yes,,2024-05-09',
].join('\n');
const reviews = [
  'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date',
  '2024-05-10,Past Lives,2023,https://boxd.it/6aaa1,4.5,Yes,"Better the second time.",,2024-05-09',
].join('\n');
const ratings = [
  'Date,Name,Year,Letterboxd URI,Rating',
  '2024-05-10,Past Lives,2023,https://boxd.it/hTha,4.5',
  '2023-11-02,Aftersun,2022,https://boxd.it/rRuU,5',
].join('\n');
const watched = [
  'Date,Name,Year,Letterboxd URI',
  '2024-05-10,Past Lives,2023,https://boxd.it/hTha',
  '2023-11-02,Aftersun,2022,https://boxd.it/rRuU',
  '2022-08-20,Paterson,2016,https://boxd.it/bR1k',
].join('\n');
const watchlist = [
  'Date,Name,Year,Letterboxd URI',
  '2024-03-10,Perfect Days,2023,https://boxd.it/jVdc',
  '2024-03-12,Aftersun,2022,https://boxd.it/rRuU',
].join('\n');

function letterboxdZip(more: Record<string, Uint8Array> = {}) {
  return zipSync({
    'profile.csv': strToU8('Date Joined,Username\n2020-01-01,ada'),
    'diary.csv': strToU8(diary),
    'reviews.csv': strToU8(reviews),
    'ratings.csv': strToU8(ratings),
    'watched.csv': strToU8(watched),
    'watchlist.csv': strToU8(watchlist),
    'lists/favourites.csv': strToU8('Letterboxd list export v7\nDate,Name'),
    ...more,
  });
}

const zipFile = (bytes: Uint8Array, name = 'letterboxd-ada-2026-11-28-10-00-utc.zip') =>
  new File([bytes.slice()], name, { type: 'application/zip' });

function preview(user: TestUser, file: File, source: ImportSource = 'letterboxd') {
  return readJson(
    apiClient({ token: user.token }).import[':source'].preview.$post({
      param: { source },
      form: { file },
    }),
  );
}

function importFile(user: TestUser, file: File, source: ImportSource = 'letterboxd') {
  return readJson(
    apiClient({ token: user.token }).import[':source'].$post({ param: { source }, form: { file } }),
  );
}

async function boardOf(user: TestUser) {
  const answer = await readJson(apiClient({ token: user.token }).blocks.me.$get());
  expectStatus(answer, 200);
  return answer.body.blocks;
}

const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);

describe('a Letterboxd export ZIP imported', () => {
  it('previews then adds each film once: diary and reviews as Done with day, rating, review and rewatches; watchlist as Planned; lists ignored', async () => {
    const user = await createUser();
    const previewed = await preview(user, zipFile(letterboxdZip()));
    expectStatus(previewed, 200);
    expect(previewed.body).toMatchObject({ newCount: 4, alreadyOnBoard: 0, skippedRows: 0 });

    const imported = await importFile(user, zipFile(letterboxdZip()));
    expectStatus(imported, 200);
    expect(imported.body.added).toBe(4);
    const board = await boardOf(user);
    const films = Object.fromEntries(
      board.map(({ title, status, rating, review, description, statusSince }) => [
        title,
        { status, rating, review, description, statusSince },
      ]),
    );
    expect(films).toEqual({
      'Past Lives': {
        status: 'done',
        rating: 4.5,
        review: 'Better the second time.',
        description: 'Watched 2 times',
        statusSince: utc('2024-05-09'),
      },
      Aftersun: {
        status: 'done',
        rating: 5,
        review: null,
        description: null,
        statusSince: utc('2023-11-02'),
      },
      Paterson: {
        status: 'done',
        rating: null,
        review: null,
        description: null,
        statusSince: utc('2022-08-20'),
      },
      'Perfect Days': {
        status: 'planned',
        rating: null,
        review: null,
        description: null,
        statusSince: utc('2024-03-10'),
      },
    });

    const again = await preview(user, zipFile(letterboxdZip()));
    expectStatus(again, 200);
    expect(again.body).toMatchObject({ newCount: 0, alreadyOnBoard: 4 });
  });
});

describe('a hostile or broken archive', () => {
  async function refused(file: File, status: number, message: RegExp, source?: ImportSource) {
    const user = await createUser();
    for (const answer of [
      await preview(user, file, source),
      await importFile(user, file, source),
    ]) {
      expectStatus(answer, status as 400);
      expect((answer.body as unknown as { error: string }).error).toMatch(message);
    }
    expect(await boardOf(user)).toEqual([]);
  }

  it('refuses a ZIP bomb (a file that unpacks past the limit) with 413, whatever its header claims', async () => {
    const bomb = zipSync({ 'diary.csv': new Uint8Array(40 * 1024 * 1024).fill(10) }, { level: 9 });
    expect(bomb.length).toBeLessThan(200_000);
    await refused(zipFile(bomb), 413, /diary\.csv unpacks to more than 16 MB/);
    // The same bomb whose header claims 1,000 bytes: it is stopped once it unpacks past the limit.
    const lying = bomb.slice();
    new DataView(lying.buffer).setUint32(22, 1000, true);
    await refused(zipFile(lying), 413, /diary\.csv unpacks to more than 16 MB/);
    // Zipping 40 MB twice takes seconds on a busy machine.
  }, 30_000);

  it('refuses a ZIP of too many files with 413', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 2001 }, (_, i) => [`lists/list-${i}.csv`, new Uint8Array(0)]),
    );
    await refused(zipFile(letterboxdZip(many)), 413, /more than 2000 files/);
  });

  it('refuses a ZIP naming a file outside itself with 400', async () => {
    await refused(
      zipFile(letterboxdZip({ '../../diary.csv': strToU8(diary) })),
      400,
      /names a file outside itself/,
    );
  });

  it('refuses a broken ZIP, one without a Letterboxd export, and a ZIP sent as Goodreads with 400', async () => {
    const broken = letterboxdZip().slice(0, 300);
    await refused(zipFile(broken), 400, /not a Letterboxd export/);
    const other = zipSync({ 'notes.txt': strToU8('hello') });
    await refused(zipFile(other), 400, /not a Letterboxd export: it has none of diary\.csv/);
    await refused(zipFile(letterboxdZip()), 400, /Goodreads exports a CSV file/, 'goodreads');
  });
});
