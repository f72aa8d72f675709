import Papa from 'papaparse';
import {
  type BlockStatus,
  maxRating,
  maxReviewLength,
  ratingStep,
  timesWatchedNote,
} from '../../../schema/block-values';
import { type BlockInput, blockInput } from '../../../schema/blocks';
import { type BlockTypeKey, findBlockType } from '../../../schema/catalogue';
import {
  columnsOf,
  type ImportSource,
  type LetterboxdList,
  recogniseColumns,
} from '../../../schema/imports';
import { Refusal } from '../../platform/refusal';

/** A block an export file describes, with the key that finds it again and the dates of its story. */
export type ExportedBlock = {
  importKey: string;
  block: BlockInput & { status: BlockStatus };
  /** When it was shelved or listed, in ms; null when the file does not say. */
  addedAt: number | null;
  /** When it entered its status (read, watched, shelved), in ms; null when the file does not say. */
  statusAt: number | null;
  /** A book's ISBN (13 digits, else 10), which finds its cover; null for a film or none given. */
  isbn: string | null;
};

export type ExportFile = { name: string; text: string };
export type ParsedExport = { blocks: ExportedBlock[]; skippedRows: number };

type Row = Record<string, string | undefined>;

// The layout Letterboxd's importer reads (and Up2's Letterboxd export writes), in its export's names.
const letterboxdImportNames: Record<string, string> = {
  Title: 'Name',
  LetterboxdURI: 'Letterboxd URI',
  WatchedDate: 'Watched Date',
};
const letterboxdImportColumns = ['Title', 'Year'];
const exportNames: Record<ImportSource, string> = {
  goodreads: 'Goodreads library export',
  letterboxd: 'Letterboxd export (watched.csv, watchlist.csv, diary.csv or ratings.csv)',
  storygraph: 'StoryGraph export',
  imdb: 'IMDb ratings export',
  trakt: 'Trakt export',
};

const goodreadsShelves: Record<string, BlockStatus> = {
  read: 'done',
  'currently-reading': 'now',
  'to-read': 'planned',
};

/** The progress a status starts with, as the block dialog sets it. */
const progressOf: Record<BlockStatus, number> = { now: 5, planned: 0, done: 100 };

const invalid = (message: string) => new Refusal('invalid', message);

/** The line of the file (counted from 1) where a parse error is, as a person would find it. */
function lineOf(text: string, error: Papa.ParseError): number | null {
  if (error.index !== undefined) return text.slice(0, error.index).split('\n').length;
  // Papa counts data rows from 0, after the header's line.
  return error.row === undefined ? null : error.row + 2;
}

type ReadFile = { rows: Row[]; columns: string[]; recognised: ImportSource };

/**
 * Reads a CSV export with its header row, and which export it is by that row. Refuses what is not
 * one: an empty or binary file, a header neither service writes (the `source` chosen names what
 * was expected), or a row the CSV grammar cannot read.
 */
function readRows(file: ExportFile, source: ImportSource): ReadFile {
  const exportName = exportNames[source];
  if (file.text.trim() === '') throw invalid('The file is empty.');
  if (file.text.includes('\u0000')) {
    throw invalid(`This is not a CSV file. Choose the .csv file of your ${exportName}.`);
  }
  const parsed = Papa.parse<Row>(file.text, {
    header: true,
    delimiter: ',',
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.replace(/^\uFEFF/, '').trim(),
  });
  const columns = parsed.meta.fields ?? [];
  const recognised = recognise(columns, source);
  if (!recognised) throw notAnExport(source, columns);
  const [error] = parsed.errors;
  if (error) {
    const line = lineOf(file.text, error);
    throw invalid(`The file cannot be read${line ? ` on line ${line}` : ''}: ${error.message}.`);
  }
  if (recognised === 'letterboxd' && !columns.includes('Name')) {
    return { ...inExportNames(parsed.data, columns), recognised };
  }
  return { rows: parsed.data, columns, recognised };
}

/** A file in the layout Letterboxd's importer reads, in the names of Letterboxd's export. */
function inExportNames(rows: Row[], columns: string[]) {
  const named = (column: string) => letterboxdImportNames[column] ?? column;
  return {
    columns: columns.map(named),
    rows: rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([column, value]) => [named(column), value])),
    ),
  };
}

/**
 * Which export a header row is, by the columns each service always writes; null when none. The
 * layout Letterboxd's importer reads (Title, Year) is any list of films: only when Letterboxd is
 * chosen (an IMDb file short of its columns is not taken for it).
 */
function recognise(columns: string[], chosen: ImportSource): ImportSource | null {
  const known = recogniseColumns(columns);
  if (known) return known;
  const importLayout = letterboxdImportColumns.every((column) => columns.includes(column));
  return chosen === 'letterboxd' && importLayout ? 'letterboxd' : null;
}

function notAnExport(source: ImportSource, columns: string[]) {
  // Trakt's files are JSON: no CSV is one.
  const wanted = source === 'trakt' ? [] : columnsOf(source);
  const missing = wanted.filter((column) => !columns.includes(column));
  const name = exportNames[source];
  const article = /^[AEIOU]/.test(name) ? 'an' : 'a';
  if (missing.length === 0) return invalid(`This is not ${article} ${name}.`);
  return invalid(`This is not ${article} ${name}: it has no ${missing.join(', ')} column.`);
}

/** A date as these exports write it (`2023/04/15`, `2024-01-15`), as ms at UTC midnight. */
function parseDay(value: string | undefined): number | null {
  const match = value?.trim().match(/^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/);
  if (!match) return null;
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(at) || at > Date.now() ? null : at;
}

export function earliest(...times: (number | null)[]): number | null {
  const known = times.filter((time) => time !== null);
  return known.length > 0 ? Math.min(...known) : null;
}

/** Longer text than a field holds is cut, rather than leaving the block out. */
function clip(text: string | undefined, max: number): string {
  const trimmed = text?.trim() ?? '';
  return trimmed.length > max ? `${trimmed.slice(0, max - 1).trimEnd()}…` : trimmed;
}

type Looks = { type: BlockTypeKey; progressEnabled: boolean };

/** The block as the dialog would save it, or null when the row breaks a block's rules. */
/**
 * Stars as the exports write them: Goodreads whole stars (0 for none), Letterboxd half stars
 * ("3.5"); anything else is no rating, rather than a refused row.
 */
function ratingOf(value: string | undefined): number | null {
  const stars = Number(value?.trim() || Number.NaN);
  return stars >= ratingStep && stars <= maxRating && Number.isInteger(stars / ratingStep)
    ? stars
    : null;
}

/** A review as text: Goodreads writes line breaks as `<br/>` and may keep other markup. */
function reviewOf(value: string | undefined): string {
  const text = (value ?? '').replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, '');
  return clip(text, maxReviewLength);
}

export type ExportedFields = {
  title: string;
  subtitle: string;
  externalUrl: string;
  status: BlockStatus;
  rating?: string;
  review?: string;
};

function blockOf(looks: Looks, fields: ExportedFields): ExportedBlock['block'] | null {
  const type = findBlockType(looks.type);
  const checked = blockInput.safeParse({
    category: type?.category,
    type: looks.type,
    emoji: type?.icon,
    label: type?.label,
    title: clip(fields.title, 120),
    subtitle: clip(fields.subtitle, 160) || undefined,
    externalUrl: fields.externalUrl || undefined,
    status: fields.status,
    progress: progressOf[fields.status],
    progressEnabled: looks.progressEnabled,
    rating: ratingOf(fields.rating),
    review: reviewOf(fields.review) || undefined,
  });
  return checked.success ? { ...checked.data, status: fields.status } : null;
}

const books: Looks = { type: 'books-reading', progressEnabled: true };
// A film is watched or not: a progress bar would say nothing.
const films: Looks = { type: 'film-animation', progressEnabled: false };

function goodreadsBlock(row: Row): ExportedBlock | null {
  const status = goodreadsShelves[row['Exclusive Shelf']?.trim() ?? ''];
  const bookId = row['Book Id']?.trim();
  if (!status) return null;
  const block = blockOf(books, {
    title: row.Title ?? '',
    subtitle: row.Author ?? '',
    externalUrl: bookId ? `https://www.goodreads.com/book/show/${encodeURIComponent(bookId)}` : '',
    status,
    rating: row['My Rating'],
    review: row['My Review'],
  });
  if (!block) return null;
  const shelvedAt = parseDay(row['Date Added']);
  // A book read before it was shelved (shelving years of reading at once) was added when read.
  const statusAt = status === 'done' ? (parseDay(row['Date Read']) ?? shelvedAt) : shelvedAt;
  return {
    // A book with no Goodreads id (a file written elsewhere) is known by its title and author.
    importKey: bookId
      ? `goodreads:${bookId}`
      : `goodreads:book:${block.title} (${block.subtitle ?? ''})`,
    block,
    addedAt: earliest(shelvedAt, statusAt),
    statusAt,
    isbn: isbnOf(row.ISBN13) ?? isbnOf(row.ISBN),
  };
}

const storygraphStatuses: Record<string, BlockStatus> = {
  read: 'done',
  'currently-reading': 'now',
  'to-read': 'planned',
  'did-not-finish': 'done',
};

/**
 * A StoryGraph row: its Read Status says where it goes, a book not finished is Done and says so.
 * Quarter stars are rounded to the half stars a block holds.
 */
function storygraphBlock(row: Row): ExportedBlock | null {
  const readStatus = row['Read Status']?.trim() ?? '';
  const status = storygraphStatuses[readStatus];
  if (!status) return null;
  const stars = Number(row['Star Rating']?.trim() || Number.NaN);
  const block = blockOf(books, {
    title: row.Title ?? '',
    subtitle: row.Authors ?? '',
    externalUrl: '',
    status,
    rating: Number.isFinite(stars)
      ? String(Math.round(stars / ratingStep) * ratingStep)
      : undefined,
    review: row.Review,
  });
  if (!block) return null;
  if (readStatus === 'did-not-finish') block.description = 'Did not finish';
  const addedAt = parseDay(row['Date Added']);
  const statusAt = status === 'done' ? (parseDay(row['Last Date Read']) ?? addedAt) : addedAt;
  const uid = row['ISBN/UID']?.trim();
  return {
    importKey: uid
      ? `storygraph:${uid}`
      : `storygraph:book:${block.title} (${block.subtitle ?? ''})`,
    block,
    addedAt: earliest(addedAt, statusAt),
    statusAt,
    isbn: isbnOf(uid),
  };
}

/** IMDb's title types (`TV Series` now, `tvSeries` before 2024) with spaces and case taken out. */
const imdbShows = new Set(['tvseries', 'tvminiseries']);
// An episode is part of its series; games and podcasts are not watched.
const imdbLeftOut = new Set(['tvepisode', 'videogame', 'podcastseries', 'podcastepisode']);

/**
 * A title IMDb's ratings export lists: rated is watched, so Done since the day rated, its rating
 * out of 10 in half stars; a series says so; episodes, games and podcasts are left out.
 */
function imdbBlock(row: Row): ExportedBlock | null {
  const titleType = row['Title Type']?.toLowerCase().replace(/[\s-]/g, '') ?? '';
  if (imdbLeftOut.has(titleType)) return null;
  const id = row.Const?.trim() ?? '';
  const imdb = /^tt\d+$/.test(id) ? id : null;
  const outOf10 = Number(row['Your Rating']?.trim() || Number.NaN);
  const block = filmBlockOf({
    title: row.Title ?? '',
    subtitle: row.Year ?? '',
    externalUrl: imdb ? `https://www.imdb.com/title/${imdb}/` : '',
    status: 'done',
    rating: Number.isFinite(outOf10) ? String(outOf10 / 2) : undefined,
  });
  if (!block) return null;
  if (imdbShows.has(titleType)) block.description = seriesNote;
  const ratedAt = parseDay(row['Date Rated']);
  return {
    importKey: screenWorkKey('imdb', 'title', imdb, `${block.title} (${block.subtitle ?? ''})`),
    block,
    addedAt: ratedAt,
    statusAt: ratedAt,
    isbn: null,
  };
}

/** Goodreads writes an ISBN as a spreadsheet formula (`="9780441478125"`), or `=""` for none. */
function isbnOf(value: string | undefined): string | null {
  const digits =
    value
      ?.replace(/^="?|"$/g, '')
      .replace(/[\s-]/g, '')
      .toUpperCase() ?? '';
  return /^(\d{13}|\d{9}[\dX])$/.test(digits) ? digits : null;
}

/**
 * Which of Letterboxd's files this is. The diary (and reviews) say when each film was watched and
 * ratings rate watched films: their columns tell. watched.csv and watchlist.csv have the same
 * columns, so the person's choice says which, else the file's name, else the import asks.
 */
function letterboxdListOf(columns: string[], fileName: string, chosen?: LetterboxdList) {
  if (columns.includes('Watched Date')) return 'diary';
  if (columns.includes('Rating')) return 'watched';
  if (chosen) return chosen;
  const name = fileName.toLowerCase();
  if (name.includes('watchlist')) return 'watchlist';
  if (name.includes('watched')) return 'watched';
  const message =
    "Letterboxd's watched.csv and watchlist.csv have the same columns: choose which list this file is.";
  throw new Refusal('invalid', message, { fields: { list: message } });
}

/** A film or a show as a block (their one type): the year as the subtitle. */
export const filmBlockOf = (fields: ExportedFields) => blockOf(films, fields);

/** What a show's description says of it, beside a film. */
export const seriesNote = 'TV series';

/**
 * A film's or show's key: its IMDb id when known, which Trakt's and IMDb's exports share, so the
 * one imported second adopts what the first brought; else the service's own id.
 */
export const screenWorkKey = (service: string, kind: string, imdb: string | null, id: string) =>
  imdb ? `imdb:${imdb}` : `${service}:${kind}:${id}`;

/** A film as a block: its page, the year as the subtitle. */
function filmBlock(row: Row, status: BlockStatus) {
  return filmBlockOf({
    title: row.Name ?? '',
    subtitle: row.Year ?? '',
    externalUrl: row['Letterboxd URI']?.trim() ?? '',
    status,
    rating: row.Rating,
    review: row.Review,
  });
}

/** A film's key when its file gives no address: its name and year, as the diary knows it. */
const filmKey = (row: Row) => `letterboxd:film:${row.Name?.trim()} (${row.Year?.trim() ?? ''})`;

function letterboxdBlock(row: Row, status: BlockStatus): ExportedBlock | null {
  const uri = row['Letterboxd URI']?.trim();
  const block = filmBlock(row, status);
  if (!block) return null;
  const listedAt = parseDay(row.Date);
  return {
    importKey: uri ? `letterboxd:${uri}` : filmKey(row),
    block,
    addedAt: listedAt,
    statusAt: listedAt,
    isbn: null,
  };
}

/**
 * The diary: one row per viewing, each with its own address, so a film watched twice is two rows.
 * A film is one block (found again by its name and year), Done since its last viewing, added at
 * its first, and saying how often it was watched when more than once.
 */
function letterboxdDiary(rows: Row[]): ParsedExport {
  const films = new Map<
    string,
    { row: Row; first: number | null; last: number | null; times: number }
  >();
  let skippedRows = 0;
  for (const row of rows) {
    if (!row.Name?.trim()) {
      skippedRows += 1;
      continue;
    }
    const key = filmKey(row);
    const watchedAt = parseDay(row['Watched Date']) ?? parseDay(row.Date);
    const seen = films.get(key);
    // Letterboxd's export writes Yes; the layout its importer reads, true.
    const rewatch = ['yes', 'true'].includes(row.Rewatch?.trim().toLowerCase() ?? '');
    films.set(key, {
      row: seen && (seen.last ?? 0) > (watchedAt ?? 0) ? seen.row : row,
      first: earliest(seen?.first ?? null, watchedAt),
      last: Math.max(seen?.last ?? 0, watchedAt ?? 0) || null,
      times: (seen?.times ?? (rewatch ? 1 : 0)) + 1,
    });
  }
  const blocks: ExportedBlock[] = [];
  for (const [key, film] of films) {
    const block = filmBlock(film.row, 'done');
    if (!block) {
      skippedRows += 1;
      continue;
    }
    if (film.times > 1) block.description = timesWatchedNote(film.times);
    blocks.push({
      importKey: key,
      block,
      addedAt: film.first,
      statusAt: film.last,
      isbn: null,
    });
  }
  return { blocks, skippedRows };
}

function collect(rows: Row[], toBlock: (row: Row) => ExportedBlock | null): ParsedExport {
  const blocks = new Map<string, ExportedBlock>();
  let skippedRows = 0;
  for (const row of rows) {
    const exported = toBlock(row);
    if (!exported) skippedRows += 1;
    // A row repeated in the file is one block.
    else if (!blocks.has(exported.importKey)) blocks.set(exported.importKey, exported);
  }
  return { blocks: [...blocks.values()], skippedRows };
}

/**
 * The blocks an export file describes, recognised by its header row whatever its name and
 * whichever service was chosen: Goodreads' library export by its Exclusive Shelf (read,
 * currently-reading, to-read; other shelves are left out); Letterboxd's watched.csv and
 * ratings.csv as Done, watchlist.csv as Planned, and the diary as Done since each film's last
 * viewing.
 */
export function parseExport(
  source: ImportSource,
  file: ExportFile,
  options: { list?: LetterboxdList } = {},
): ParsedExport {
  const { rows, columns, recognised } = readRows(file, source);
  if (recognised === 'goodreads') return collect(rows, goodreadsBlock);
  if (recognised === 'storygraph') return collect(rows, storygraphBlock);
  if (recognised === 'imdb') return collect(rows, imdbBlock);
  const list = letterboxdListOf(columns, file.name, options.list);
  if (list === 'diary') return letterboxdDiary(rows);
  const status = list === 'watchlist' ? 'planned' : 'done';
  return collect(rows, (row) => letterboxdBlock(row, status));
}

/** A diary's viewings once each: reviews.csv repeats those reviewed, with their review. */
function viewingsOf(diary: Row[], reviews: Row[]): Row[] {
  const viewings = new Map<string, Row>();
  for (const row of [...diary, ...reviews]) {
    viewings.set(`${filmKey(row)} ${row['Watched Date']?.trim() ?? ''}`, row);
  }
  return [...viewings.values()];
}

/**
 * The films of a Letterboxd export ZIP's files, each once, known by its name and year: the diary's
 * and reviews' viewings as Done (since the last, with its rating, review and rewatches), then
 * films only rated or marked watched as Done, then the watchlist's unwatched films as Planned.
 */
export function parseLetterboxdArchive(files: ExportFile[]): ParsedExport {
  const rowsOf = (name: string) => {
    const file = files.find((found) => found.name === name);
    return file && file.text.trim() !== '' ? readRows(file, 'letterboxd').rows : [];
  };
  const diary = letterboxdDiary(viewingsOf(rowsOf('diary.csv'), rowsOf('reviews.csv')));
  const films = new Map(diary.blocks.map((film) => [film.importKey, film]));
  let skippedRows = diary.skippedRows;
  const lists: [string, BlockStatus][] = [
    ['ratings.csv', 'done'],
    ['watched.csv', 'done'],
    ['watchlist.csv', 'planned'],
  ];
  for (const [name, status] of lists) {
    for (const row of rowsOf(name)) {
      const film = letterboxdBlock(row, status);
      if (!film) skippedRows += 1;
      else if (!films.has(filmKey(row)))
        films.set(filmKey(row), { ...film, importKey: filmKey(row) });
    }
  }
  return { blocks: [...films.values()], skippedRows };
}
