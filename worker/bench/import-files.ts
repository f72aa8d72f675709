import { strToU8, zipSync } from 'fflate';
import type { ImportSource } from '../../schema/imports';
import type { Upload } from '../domain/imports/export-archives';

/** Archives of `rows` rows in each kind's real layout, for the import benches. */
export const rows = Number(process.env.BENCH_ROWS) || 20_000;

const day = (n: number) => new Date(Date.UTC(2015, 0, 1) + n * 3_600_000).toISOString();

function letterboxdZip(): Upload {
  const diary = ['Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date'];
  const reviews = ['Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date'];
  for (let n = 0; n < rows; n++) {
    const date = day(n).slice(0, 10);
    diary.push(
      `${date},Film ${n},${1950 + (n % 70)},https://boxd.it/${n.toString(36)},4,,,${date}`,
    );
    if (n % 10 === 0) {
      reviews.push(
        `${date},Film ${n},${1950 + (n % 70)},https://boxd.it/${n.toString(36)},4,,"A review of film ${n}, long enough to be one.",,${date}`,
      );
    }
  }
  const bytes = zipSync({
    'diary.csv': strToU8(diary.join('\n')),
    'reviews.csv': strToU8(reviews.join('\n')),
  });
  return { name: 'letterboxd-bench.zip', bytes };
}

function traktZip(): Upload {
  const watched = Array.from({ length: rows }, (_, n) => ({
    plays: 1 + (n % 3),
    last_watched_at: day(n),
    last_updated_at: day(n),
    movie: {
      title: `Film ${n}`,
      year: 1950 + (n % 70),
      ids: { trakt: n + 1, slug: `film-${n}`, imdb: `tt${1_000_000 + n}`, tmdb: n + 1 },
    },
  }));
  const ratings = watched
    .filter((_, n) => n % 2 === 0)
    .map(({ movie }, n) => ({ rated_at: day(n), rating: 1 + (n % 10), type: 'movie', movie }));
  const bytes = zipSync({
    'watched-movies.json': strToU8(JSON.stringify(watched)),
    'ratings-movies.json': strToU8(JSON.stringify(ratings)),
  });
  return { name: 'trakt-bench.zip', bytes };
}

function imdbCsv(): Upload {
  const lines = [
    'Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors',
  ];
  for (let n = 0; n < rows; n++) {
    const id = `tt${1_000_000 + n}`;
    lines.push(
      `${id},${1 + (n % 10)},${day(n).slice(0, 10)},Film ${n},Film ${n},https://www.imdb.com/title/${id}/,Movie,7.1,100,${1950 + (n % 70)},Drama,1000,2000-01-01,Someone`,
    );
  }
  return { name: 'ratings.csv', bytes: strToU8(lines.join('\n')) };
}

export const benchUploads = (): [ImportSource, Upload][] => [
  ['letterboxd', letterboxdZip()],
  ['trakt', traktZip()],
  ['imdb', imdbCsv()],
];
