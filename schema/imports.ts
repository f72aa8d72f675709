import { z } from 'zod';
// Imported for its one-time zod configuration (jitless), like every schema module.
import './fields';
import { blockStatuses } from './block-values';

/**
 * Where a board can import from: Goodreads' library export, Letterboxd's files (or its export
 * ZIP whole), StoryGraph's library export, Trakt's data export (its ZIP, or one JSON file of it),
 * IMDb's ratings export.
 */
const importSources = ['goodreads', 'letterboxd', 'storygraph', 'trakt', 'imdb'] as const;
export type ImportSource = (typeof importSources)[number];

/** A reader with thousands of shelved books and long reviews exports a few MB at most. */
export const maxImportBytes = 5 * 1024 * 1024;

export const importSourceParam = z.object({
  source: z.enum(importSources, {
    error: 'Import from goodreads, letterboxd, storygraph, trakt or imdb.',
  }),
});

const chooseFile = 'Choose the file to import.';

/** Letterboxd's two files of the same columns: films watched, and the watchlist. */
const letterboxdLists = ['watched', 'watchlist'] as const;
export type LetterboxdList = (typeof letterboxdLists)[number];

/**
 * The export as multipart `file`, recognised by its header row; for a Letterboxd file whose
 * columns do not say which list it is (watched or watchlist), `list` says. `covers`: look up each
 * book's cover on Open Library by its ISBN.
 */
export const importForm = z.object({
  file: z.file({ error: chooseFile }),
  list: z.enum(letterboxdLists, { error: 'Choose watched or watchlist.' }).optional(),
  covers: z.stringbool({ error: 'covers is true or false.' }).optional(),
});

/** What an import would add, before it does: the new blocks, and what it leaves out and why. */
export const importPreviewAnswer = z.object({
  blocks: z.array(
    z.object({
      title: z.string(),
      subtitle: z.string().nullable(),
      status: z.enum(blockStatuses),
      // When it entered its status (the date read, watched or shelved), in ms; null when unknown.
      statusSince: z.number().int().nullable(),
      // The stars the file gives it, ½ to 5; null when it gives none.
      rating: z.number().nullable(),
    }),
  ),
  /** Blocks this file would add; `blocks` lists the first of them, as many as a board holds. */
  newCount: z.number().int(),
  /** Rows whose work is on the board already (by any writer): importing updates its block. */
  alreadyOnBoard: z.number().int(),
  /** Rows left out: another shelf, or no title. */
  skippedRows: z.number().int(),
  /** How many more blocks the board holds. */
  room: z.number().int(),
  /** Why the import cannot go ahead (the board lacks room for all it would add), or null. */
  doesNotFit: z.string().nullable(),
  /** New books with an ISBN, whose cover Open Library may have. */
  withIsbn: z.number().int(),
});

export const importAnswer = z.object({
  added: z.number().int(),
  /** Covers found on Open Library and copied to the board's blocks. */
  covers: z.number().int(),
  /** Blocks on the board already that the file's rows brought up to date (decision 0050). */
  updated: z.number().int(),
  skippedRows: z.number().int(),
});

/** Which Letterboxd file an export writes: the films watched (default), or the watchlist. */
export const letterboxdExportQuery = z.object({
  list: z.enum(letterboxdLists, { error: 'Choose watched or watchlist.' }).optional(),
});

/** The columns each service's CSV always has, by which a file is known whatever its name. */
const exportColumns = {
  goodreads: ['Book Id', 'Title', 'Author', 'Exclusive Shelf'],
  storygraph: ['Title', 'Authors', 'Read Status'],
  imdb: ['Const', 'Your Rating', 'Title', 'Title Type'],
  letterboxd: ['Date', 'Name', 'Year', 'Letterboxd URI'],
} as const satisfies Partial<Record<ImportSource, readonly string[]>>;
export type CsvExportSource = keyof typeof exportColumns;

export const columnsOf = (source: CsvExportSource): readonly string[] => exportColumns[source];

/** Which service's CSV a header row is, by the columns each always writes; null when none. */
export function recogniseColumns(columns: readonly string[]): CsvExportSource | null {
  const sources = Object.keys(exportColumns) as CsvExportSource[];
  const has = (source: CsvExportSource) =>
    exportColumns[source].every((column) => columns.includes(column));
  return sources.find(has) ?? null;
}

/** The files of Letterboxd's export ZIP that are read, at its root. */
export const letterboxdArchiveFiles = [
  'diary.csv',
  'reviews.csv',
  'ratings.csv',
  'watched.csv',
  'watchlist.csv',
];

/**
 * The files of Trakt's data export that are read, each in the shape of Trakt's API answer of the
 * same name (/sync/watched, /sync/ratings, /sync/watchlist). Long ones come paged
 * (`watched-movies-2.json`); history pages, lists, comments and the profile are left alone.
 */
export const traktFiles = [
  'watched-movies',
  'watched-shows',
  'ratings-movies',
  'ratings-shows',
  'lists-watchlist',
] as const;
export type TraktFile = (typeof traktFiles)[number];

const traktFileName = new RegExp(`^(${traktFiles.join('|')})(-\\d+)?\\.json$`);

/** Which of Trakt's export files a path is, by its name in whatever folder, or null. */
export function traktFileOf(path: string): TraktFile | null {
  const match = traktFileName.exec(path.split('/').pop() ?? '');
  return match ? (match[1] as TraktFile) : null;
}
