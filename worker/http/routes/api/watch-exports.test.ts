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

// Trakt's data export (Settings → Data, 2026): a ZIP of JSON files in the shapes of Trakt's API
// (/sync/watched, /sync/ratings, /sync/watchlist), long ones paged (`-2.json`), beside files the
// import leaves alone (history pages, lists, profile).
const bladeRunner = {
  title: 'Blade Runner 2049',
  year: 2017,
  ids: { trakt: 122470, slug: 'blade-runner-2049-2017', imdb: 'tt1856101', tmdb: 335984 },
};
const paterson = {
  title: 'Paterson',
  year: 2016,
  ids: { trakt: 225663, slug: 'paterson-2016', imdb: 'tt5247022', tmdb: 370755 },
};
const perfectDays = {
  title: 'Perfect Days',
  year: 2023,
  ids: { trakt: 855220, slug: 'perfect-days-2023', imdb: 'tt27503384', tmdb: 976893 },
};
const severance = {
  title: 'Severance',
  year: 2022,
  ids: { trakt: 154997, slug: 'severance', tvdb: 371980, imdb: 'tt11280740', tmdb: 95396 },
};
const shogun = {
  title: 'Shōgun',
  year: 2024,
  ids: { trakt: 158178, slug: 'shogun-2024', tvdb: 392573, imdb: 'tt2788316', tmdb: 126308 },
};

const watchedMovies = [
  {
    plays: 3,
    last_watched_at: '2024-06-01T20:15:00.000Z',
    last_updated_at: '2024-06-01T22:00:00.000Z',
    movie: bladeRunner,
  },
];
const watchedMoviesPage2 = [
  {
    plays: 1,
    last_watched_at: '2022-08-20T19:00:00.000Z',
    last_updated_at: '2022-08-20T21:00:00.000Z',
    movie: paterson,
  },
];
const watchedShows = [
  {
    plays: 10,
    last_watched_at: '2025-01-10T21:00:00.000Z',
    last_updated_at: '2025-01-10T22:00:00.000Z',
    reset_at: null,
    show: severance,
    seasons: [
      {
        number: 1,
        episodes: [
          { number: 1, plays: 1, last_watched_at: '2022-03-01T21:00:00.000Z' },
          { number: 9, plays: 1, last_watched_at: '2022-04-08T21:00:00.000Z' },
        ],
      },
      {
        number: 2,
        episodes: [{ number: 1, plays: 1, last_watched_at: '2025-01-17T21:00:00.000Z' }],
      },
    ],
  },
];
const ratingsMovies = [
  { rated_at: '2024-06-02T08:00:00.000Z', rating: 9, type: 'movie', movie: bladeRunner },
  { rated_at: '2023-01-05T08:00:00.000Z', rating: 7, type: 'movie', movie: perfectDays },
];
const ratingsShows = [
  { rated_at: '2025-01-18T08:00:00.000Z', rating: 10, type: 'show', show: severance },
];
const watchlist = [
  {
    rank: 1,
    id: 901,
    listed_at: '2024-09-01T10:00:00.000Z',
    notes: null,
    type: 'show',
    show: shogun,
  },
  {
    rank: 2,
    id: 902,
    listed_at: '2024-09-02T10:00:00.000Z',
    notes: null,
    type: 'movie',
    movie: paterson,
  },
];

const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));

function traktZip(more: Record<string, Uint8Array> = {}) {
  return zipSync({
    'user-profile.json': json({ username: 'ada' }),
    'watched-history-1.json': json([]),
    'watched-movies.json': json(watchedMovies),
    'watched-movies-2.json': json(watchedMoviesPage2),
    'watched-shows.json': json(watchedShows),
    'ratings-movies.json': json(ratingsMovies),
    'ratings-shows.json': json(ratingsShows),
    'lists-watchlist.json': json(watchlist),
    'lists-lists.json': json([]),
    ...more,
  });
}

const upload = (bytes: Uint8Array | string, name: string, type = 'application/zip') =>
  new File([typeof bytes === 'string' ? bytes : bytes.slice()], name, { type });

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

async function refused(
  source: ImportSource,
  file: File,
  status: 400 | 413,
  message: RegExp,
): Promise<void> {
  const user = await createUser();
  for (const answer of [await preview(user, source, file), await importFile(user, source, file)]) {
    expectStatus(answer, status);
    expect((answer.body as unknown as { error: string }).error).toMatch(message);
  }
  expect(await boardOf(user)).toEqual([]);
}

const summaryOf = (blocks: Awaited<ReturnType<typeof boardOf>>) =>
  Object.fromEntries(
    blocks.map(({ title, subtitle, status, rating, description, statusSince, externalUrl }) => [
      title,
      { subtitle, status, rating, description, statusSince, externalUrl },
    ]),
  );

describe("a Trakt export imported (Trakt's data export ZIP)", () => {
  it('previews then adds films and shows once: watched as Done (a show by its last episode), watchlist as Planned, ratings out of 10 as stars', async () => {
    const user = await createUser();
    const previewed = await preview(user, 'trakt', upload(traktZip(), 'trakt-export.zip'));
    expectStatus(previewed, 200);
    expect(previewed.body).toMatchObject({ newCount: 5, alreadyOnBoard: 0, skippedRows: 0 });
    expect(await boardOf(user)).toEqual([]);

    const imported = await importFile(user, 'trakt', upload(traktZip(), 'trakt-export.zip'));
    expectStatus(imported, 200);
    expect(imported.body.added).toBe(5);
    expect(summaryOf(await boardOf(user))).toEqual({
      'Blade Runner 2049': {
        subtitle: '2017',
        status: 'done',
        rating: 4.5,
        description: 'Watched 3 times',
        statusSince: Date.parse('2024-06-01T20:15:00.000Z'),
        externalUrl: 'https://www.imdb.com/title/tt1856101/',
      },
      Paterson: {
        subtitle: '2016',
        status: 'done',
        rating: null,
        description: null,
        statusSince: Date.parse('2022-08-20T19:00:00.000Z'),
        externalUrl: 'https://www.imdb.com/title/tt5247022/',
      },
      Severance: {
        subtitle: '2022',
        status: 'done',
        rating: 5,
        description: 'TV series, last watched S2 E1',
        statusSince: Date.parse('2025-01-17T21:00:00.000Z'),
        externalUrl: 'https://www.imdb.com/title/tt11280740/',
      },
      // Rated, never marked watched: rating a film is having seen it.
      'Perfect Days': {
        subtitle: '2023',
        status: 'done',
        rating: 3.5,
        description: null,
        statusSince: Date.parse('2023-01-05T08:00:00.000Z'),
        externalUrl: 'https://www.imdb.com/title/tt27503384/',
      },
      Shōgun: {
        subtitle: '2024',
        status: 'planned',
        rating: null,
        description: 'TV series',
        statusSince: Date.parse('2024-09-01T10:00:00.000Z'),
        externalUrl: 'https://www.imdb.com/title/tt2788316/',
      },
    });

    const again = await preview(user, 'trakt', upload(traktZip(), 'trakt-export.zip'));
    expectStatus(again, 200);
    expect(again.body).toMatchObject({ newCount: 0, alreadyOnBoard: 5 });
  });

  it('reads one JSON file of the export by its shape, whatever its name', async () => {
    const user = await createUser();
    const file = upload(JSON.stringify(watchlist), 'download.json', 'application/json');
    const previewed = await preview(user, 'trakt', file);
    expectStatus(previewed, 200);
    expect(previewed.body.blocks.map(({ title, status }) => ({ title, status }))).toEqual([
      { title: 'Shōgun', status: 'planned' },
      { title: 'Paterson', status: 'planned' },
    ]);
  });

  it('refuses a file that is not JSON, and an entry of the wrong shape, naming the file and the entry', async () => {
    await refused(
      'trakt',
      upload(traktZip({ 'ratings-shows.json': strToU8('[{"rating": 9,') }), 'trakt.zip'),
      400,
      /ratings-shows\.json is not valid JSON/,
    );
    const wrongShape = [watchedMovies[0], { plays: 2, movie: 'Heat' }];
    await refused(
      'trakt',
      upload(JSON.stringify(wrongShape), 'watched-movies.json', 'application/json'),
      400,
      /Entry 2 of watched-movies\.json has no movie/,
    );
    await refused(
      'trakt',
      upload('{"movies": []}', 'export.json', 'application/json'),
      400,
      /not one of Trakt's export files/,
    );
  });

  it('refuses a broken ZIP, one without Trakt files, and a bomb, before writing anything', async () => {
    await refused('trakt', upload(traktZip().slice(0, 200), 'trakt.zip'), 400, /not a Trakt/);
    await refused(
      'trakt',
      upload(zipSync({ 'diary.csv': strToU8('Date,Name') }), 'letterboxd.zip'),
      400,
      /not a Trakt export: it has none of watched-movies\.json/,
    );
    const bomb = zipSync(
      { 'watched-movies.json': new Uint8Array(40 * 1024 * 1024).fill(32) },
      { level: 9 },
    );
    await refused('trakt', upload(bomb, 'trakt.zip'), 413, /unpacks to more than 16 MB/);
    // Zipping 40 MB takes seconds on a busy machine.
  }, 30_000);
});

// IMDb's ratings export (Your Ratings → Export, 2026), and the layout before Original Title.
const imdbRatings = [
  'Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors',
  'tt1856101,9,2024-06-02,Blade Runner 2049,Blade Runner 2049,https://www.imdb.com/title/tt1856101/,Movie,8.0,164,2017,"Action, Drama, Mystery, Sci-Fi, Thriller",700000,2017-10-04,Denis Villeneuve',
  'tt11280740,10,2025-01-18,Severance,Severance,https://www.imdb.com/title/tt11280740/,TV Series,8.7,55,2022,"Drama, Mystery, Sci-Fi, Thriller",250000,2022-02-18,',
  'tt12385090,8,2025-01-19,Good News About the Eels,Good News About the Eels,https://www.imdb.com/title/tt12385090/,TV Episode,8.5,45,2022,"Drama, Mystery",9000,2022-03-04,Ben Stiller',
  'tt0102926,7,2023-03-01,"=HYPERLINK(""http://evil.test"",""The Silence"")",The Silence of the Lambs,https://www.imdb.com/title/tt0102926/,Movie,8.6,118,1991,"Crime, Drama, Thriller",1500000,1991-02-14,Jonathan Demme',
].join('\n');
const imdbOldRatings = [
  'Const,Your Rating,Date Rated,Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors',
  'tt5247022,8,2019-05-10,Paterson,https://www.imdb.com/title/tt5247022/,movie,7.3,118,2016,"Comedy, Drama, Romance",90000,2016-05-16,Jim Jarmusch',
  'tt2788316,9,2024-10-01,Shōgun,https://www.imdb.com/title/tt2788316/,tvMiniSeries,8.6,59,2024,"Adventure, Drama, History, War",200000,2024-02-27,',
].join('\n');

describe('an IMDb ratings export imported', () => {
  it('adds rated films and series as Done with their rating out of 10 as stars, leaving episodes out', async () => {
    const user = await createUser();
    const file = () => upload(imdbRatings, 'ratings.csv', 'text/csv');
    const previewed = await preview(user, 'imdb', file());
    expectStatus(previewed, 200);
    expect(previewed.body).toMatchObject({ newCount: 3, skippedRows: 1 });

    const imported = await importFile(user, 'imdb', file());
    expectStatus(imported, 200);
    const board = summaryOf(await boardOf(user));
    expect(board).toEqual({
      'Blade Runner 2049': {
        subtitle: '2017',
        status: 'done',
        rating: 4.5,
        description: null,
        statusSince: Date.parse('2024-06-02T00:00:00Z'),
        externalUrl: 'https://www.imdb.com/title/tt1856101/',
      },
      Severance: {
        subtitle: '2022',
        status: 'done',
        rating: 5,
        description: 'TV series',
        statusSince: Date.parse('2025-01-18T00:00:00Z'),
        externalUrl: 'https://www.imdb.com/title/tt11280740/',
      },
      // A formula in a cell is text on the board, never run.
      '=HYPERLINK("http://evil.test","The Silence")': {
        subtitle: '1991',
        status: 'done',
        rating: 3.5,
        description: null,
        statusSince: Date.parse('2023-03-01T00:00:00Z'),
        externalUrl: 'https://www.imdb.com/title/tt0102926/',
      },
    });

    const older = await importFile(user, 'imdb', upload(imdbOldRatings, 'ratings.csv', 'text/csv'));
    expectStatus(older, 200);
    expect(older.body).toMatchObject({ added: 2, skippedRows: 0 });
    const films = summaryOf(await boardOf(user));
    expect(films.Paterson).toMatchObject({ status: 'done', rating: 4, subtitle: '2016' });
    expect(films.Shōgun).toMatchObject({ rating: 4.5, description: 'TV series' });
  });

  it('knows a title Trakt brought by its IMDb id, and adds it once', async () => {
    const user = await createUser();
    expectStatus(await importFile(user, 'trakt', upload(traktZip(), 'trakt.zip')), 200);
    const previewed = await preview(user, 'imdb', upload(imdbRatings, 'ratings.csv', 'text/csv'));
    expectStatus(previewed, 200);
    expect(previewed.body).toMatchObject({ newCount: 1, alreadyOnBoard: 2 });
  });

  it('refuses a ratings file without its columns, or a row it cannot read, naming what is wrong', async () => {
    const noRating = imdbRatings.replace('Your Rating', 'Rating');
    await refused(
      'imdb',
      upload(noRating, 'ratings.csv', 'text/csv'),
      400,
      /not an IMDb ratings export: it has no Your Rating column/,
    );
    const unreadable = `${imdbOldRatings}\ntt1,"8,2020-01-01,Broken`;
    await refused('imdb', upload(unreadable, 'ratings.csv', 'text/csv'), 400, /on line 4/);
    await refused(
      'imdb',
      upload(traktZip(), 'ratings.zip'),
      400,
      /IMDb exports a CSV file, not a ZIP/,
    );
  });
});
