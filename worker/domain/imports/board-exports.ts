import { and, asc, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { type BlockStatus, timesWatchedIn } from '../../../schema/block-values';
import type { LetterboxdList } from '../../../schema/imports';
import { blocks } from '../../../schema/tables';
import type { Db } from '../../platform/db';

/**
 * The board in the files other services import: its films as Letterboxd's importer reads them, its
 * books in Goodreads' library layout (which Goodreads and StoryGraph import). Up2's own importer
 * reads both back (export-files.ts).
 */

type BlockRow = typeof blocks.$inferSelect;

function blocksOfType(db: Db, userId: number, type: string) {
  return db
    .select()
    .from(blocks)
    .where(and(eq(blocks.userId, userId), eq(blocks.type, type)))
    .orderBy(asc(blocks.position), asc(blocks.id));
}

/** A day as `2024-01-15` (Letterboxd) or `2024/01/15` (Goodreads), at UTC. */
function dayOf(at: number | null, separator: '-' | '/'): string {
  return at === null ? '' : new Date(at).toISOString().slice(0, 10).replaceAll('-', separator);
}

/** Cells a spreadsheet would run as formulas are written as text. */
function csvOf(fields: string[], rows: Record<string, string | number | null>[]) {
  return Papa.unparse(
    { fields, data: rows.map((row) => fields.map((field) => row[field] ?? '')) },
    { escapeFormulae: true },
  );
}

function letterboxdUri(url: string | null): string {
  const host = url && URL.canParse(url) ? new URL(url).hostname.replace(/^www\./, '') : '';
  return host === 'letterboxd.com' || host === 'boxd.it' ? (url as string) : '';
}

const yearOf = (subtitle: string | null) =>
  /^\d{4}$/.test(subtitle?.trim() ?? '') ? subtitle : '';

const watchedColumns = [
  'LetterboxdURI',
  'Title',
  'Year',
  'Rating',
  'WatchedDate',
  'Rewatch',
  'Review',
];
// The day a film was listed, as Letterboxd's own watchlist.csv gives it.
const watchlistColumns = ['Date', 'LetterboxdURI', 'Title', 'Year'];

function filmRow(block: BlockRow) {
  return {
    Date: dayOf(block.statusSince, '-'),
    LetterboxdURI: letterboxdUri(block.externalUrl),
    Title: block.title,
    Year: yearOf(block.subtitle),
    Rating: block.rating,
    WatchedDate: dayOf(block.statusSince, '-'),
    // The last viewing of a film watched more than once was a rewatch.
    Rewatch: String(timesWatchedIn(block.description) > 1),
    Review: block.review,
  };
}

/**
 * The board's films for Letterboxd's importer: those Done as watched (with the day, rating,
 * review and rewatch), or those Planned as a watchlist. A film in Now is in neither.
 */
export async function letterboxdCsv(db: Db, userId: number, list: LetterboxdList) {
  const status: BlockStatus = list === 'watched' ? 'done' : 'planned';
  const films = (await blocksOfType(db, userId, 'film-animation')).filter(
    (block) => block.status === status,
  );
  return csvOf(list === 'watched' ? watchedColumns : watchlistColumns, films.map(filmRow));
}

const goodreadsColumns = [
  'Book Id',
  'Title',
  'Author',
  'ISBN',
  'ISBN13',
  'My Rating',
  'Exclusive Shelf',
  'Date Read',
  'Date Added',
  'My Review',
];

const shelfOf: Record<BlockStatus, string> = {
  done: 'read',
  now: 'currently-reading',
  planned: 'to-read',
};

/** The Goodreads book a block came from: its import key's, else its link's. */
function goodreadsBookId(block: BlockRow): string {
  const fromKey = /^goodreads:(\d+)$/.exec(block.importKey ?? '')?.[1];
  const fromLink = /goodreads\.com\/book\/show\/(\d+)/.exec(block.externalUrl ?? '')?.[1];
  return fromKey ?? fromLink ?? '';
}

/** The board's books in Goodreads' library layout, each on the shelf of its status. */
export async function goodreadsCsv(db: Db, userId: number) {
  const books = await blocksOfType(db, userId, 'books-reading');
  return csvOf(
    goodreadsColumns,
    books.map((block) => ({
      'Book Id': goodreadsBookId(block),
      Title: block.title,
      Author: block.subtitle,
      'My Rating': block.rating,
      'Exclusive Shelf': shelfOf[block.status],
      'Date Read': block.status === 'done' ? dayOf(block.statusSince, '/') : '',
      'Date Added': dayOf(block.statusSince ?? block.createdAt.getTime(), '/'),
      'My Review': block.review,
    })),
  );
}
