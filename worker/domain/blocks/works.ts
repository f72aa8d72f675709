import { sql } from 'drizzle-orm';
import type { BlockStatus } from '../../../schema/block-values';
import { type Db, rawRun } from '../../platform/db';

/**
 * One work, one block (decision 0050): every writer looks up what it brings among the works the
 * board has (`block_works`), by identifier first, else by type and normalised title, and updates
 * the block it finds instead of adding another.
 */

/** What a writer knows of a work it brings: a block's fields, and what names it elsewhere. */
export type Work = {
  type: string;
  title: string;
  subtitle?: string | null;
  externalUrl?: string | null;
  importKey?: string | null;
  isbn?: string | null;
};

/** A block of the board that holds a work already. */
export type KnownWork = {
  blockId: number;
  title: string;
  status: BlockStatus;
  handEdited: number;
};

type WorkKeys = { ids: string[]; title: string; qualifier: string | null };

const leadingArticle = /^(the|a|an) /;
const trailingAside = /\s*[([][^)\]]*[)\]]$/;

/**
 * A title as two people would write it alike: no series note in brackets ("(The Hunger Games,
 * #1)"), no case, accents or punctuation, no leading article.
 */
function normalisedTitle(title: string): string {
  return title
    .replace(trailingAside, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(leadingArticle, '');
}

/** An ISBN as 13 digits (an ISBN-10 gains 978 and its check digit); null when it is not one. */
export function isbn13(isbn: string): string | null {
  const digits = isbn.replace(/[\s-]/g, '').toUpperCase();
  if (/^\d{13}$/.test(digits)) return digits;
  if (!/^\d{9}[\dX]$/.test(digits)) return null;
  const twelve = `978${digits.slice(0, 9)}`;
  const sum = [...twelve].reduce((total, digit, at) => total + Number(digit) * (at % 2 ? 3 : 1), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

const siteNames: Record<string, string> = {
  'letterboxd.com': 'letterboxd',
  'boxd.it': 'boxd',
  'goodreads.com': 'goodreads',
  'imdb.com': 'imdb',
  'themoviedb.org': 'tmdb',
  'trakt.tv': 'trakt',
};

/** The identifiers a work's page on a site known for works gives (Letterboxd, Goodreads, IMDb…). */
function idsOfUrl(url: string | null | undefined): string[] {
  if (!url || !URL.canParse(url)) return [];
  const { hostname, pathname } = new URL(url);
  const host = hostname.toLowerCase().replace(/^(www|m)\./, '');
  const path = pathname.toLowerCase();
  const found = (pattern: RegExp) => pattern.exec(path)?.slice(1).join(':');
  const id =
    (host === 'letterboxd.com' && found(/\/film\/([^/]+)/)) ||
    (host === 'goodreads.com' && found(/^\/book\/show\/(\d+)/)) ||
    (host === 'imdb.com' && found(/^\/title\/(tt\d+)/)) ||
    (host === 'themoviedb.org' && found(/^\/(movie|tv)\/(\d+)/)) ||
    (host === 'trakt.tv' && found(/^\/(movies|shows)\/([^/]+)/)) ||
    (host === 'boxd.it' && found(/^\/(\w+)/));
  return id ? [`${siteNames[host]}:${id}`] : [];
}

/** The identifiers an import or source key holds (`goodreads:<id>`, `letterboxd-film:<slug>`). */
function idsOfImportKey(key: string | null | undefined): string[] {
  if (!key) return [];
  const goodreads = /^goodreads:(\d+)$/.exec(key)?.[1];
  const film = /^letterboxd-film:(.+)$/.exec(key)?.[1];
  const uri = /^letterboxd:(https?:.+)$/.exec(key)?.[1];
  return [
    `key:${key}`,
    ...(goodreads ? [`goodreads:${goodreads}`] : []),
    ...(film ? [`letterboxd:${film.toLowerCase()}`] : []),
    ...idsOfUrl(uri),
  ];
}

/** What tells two works of one title apart, when known: a film's year, a book's first author. */
function qualifierOf(type: string, subtitle: string | null | undefined): string | null {
  if (!subtitle) return null;
  if (type === 'film-animation') return /\b(1[89]|20)\d\d\b/.exec(subtitle)?.[0] ?? null;
  if (type === 'books-reading') {
    const [first] = subtitle.split(/,|;|&| and /);
    return normalisedTitle(first ?? '') || null;
  }
  return null;
}

function keysOf(work: Work): WorkKeys {
  const isbn = work.isbn ? isbn13(work.isbn) : null;
  const ids = new Set([
    ...idsOfUrl(work.externalUrl),
    ...idsOfImportKey(work.importKey),
    ...(isbn ? [`isbn:${isbn}`] : []),
  ]);
  return {
    ids: [...ids],
    title: `title:${work.type}:${normalisedTitle(work.title)}`,
    qualifier: qualifierOf(work.type, work.subtitle),
  };
}

type Row = { blockId: number; work: string; qualifier: string | null };

/** The statement that writes the keys of block `blockId`'s work. */
/** The statement writing the keys of `works` (each a block of the board), all in one. */
function indexWorksStatement(db: Db, userId: number, works: (Work & { id: number })[]) {
  const rows = works.flatMap((work) => {
    const { ids, title, qualifier } = keysOf(work);
    return [
      ...ids.map((id) => ({ blockId: work.id, work: id, qualifier: null })),
      { blockId: work.id, work: title, qualifier },
    ];
  });
  return rawRun(
    db,
    sql`INSERT OR IGNORE INTO block_works (user_id, work, block_id, qualifier)
      SELECT ${userId}, json_extract(e.value, '$.work'), json_extract(e.value, '$.blockId'),
        json_extract(e.value, '$.qualifier')
      FROM json_each(${JSON.stringify(rows)}) AS e
      WHERE EXISTS (SELECT 1 FROM blocks
        WHERE id = json_extract(e.value, '$.blockId') AND user_id = ${userId})`,
  );
}

/** The ISBN a block's work is known by (from an import: no field of the block holds it), or null. */
export async function isbnOfBlock(db: Db, blockId: number): Promise<string | null> {
  const found = await db.$client
    .prepare(
      `SELECT substr(work, 6) AS isbn FROM block_works WHERE block_id = ?1 AND work LIKE 'isbn:%'`,
    )
    .bind(blockId)
    .first<{ isbn: string }>();
  return found?.isbn ?? null;
}

/** The statement that gives the copier's copy of block `sourceId` its ISBN, in the copy's batch. */
export function copyIsbnStatement(db: Db, copierId: number, sourceId: number, isbn: string) {
  return rawRun(
    db,
    sql`INSERT OR IGNORE INTO block_works (user_id, work, block_id)
      SELECT ${copierId}, ${`isbn:${isbn}`}, id FROM blocks
      WHERE user_id = ${copierId} AND copied_from_block_id = ${sourceId}`,
  );
}

/**
 * Writes the keys of the board's blocks not indexed yet (new ones, restored ones, renamed ones):
 * found by a partial index, so a board whose blocks are all indexed costs one probe that finds
 * none. A block changed meanwhile (its `updated_at` moved) stays for the next lookup.
 */
export async function indexBoard(db: Db, userId: number) {
  const { results } = await db.$client
    .prepare(
      `SELECT id, type, title, subtitle, external_url AS externalUrl, import_key AS importKey,
        updated_at AS updatedAt
      FROM blocks WHERE user_id = ?1 AND works_indexed = 0`,
    )
    .bind(userId)
    .all<Work & { id: number; updatedAt: number }>();
  if (results.length === 0) return;
  const seen = JSON.stringify(results.map(({ id, updatedAt }) => ({ id, updatedAt })));
  // Each row finds its block by id (CROSS keeps json_each outside): a board's 20,000 new blocks
  // are not walked once a row.
  await db.batch([
    rawRun(
      db,
      sql`UPDATE blocks SET works_indexed = 1 WHERE id IN (
        SELECT b.id FROM json_each(${seen}) AS e
        CROSS JOIN blocks AS b ON b.id = json_extract(e.value, '$.id')
        WHERE b.user_id = ${userId} AND b.updated_at = json_extract(e.value, '$.updatedAt'))`,
    ),
    indexWorksStatement(db, userId, results),
  ]);
}

/** Whether a title's match holds: the year or author agree, where both sides know it. */
export const titleQualifiersAgree = (a: string | null, b: string | null) =>
  a === null || b === null || a === b;

/** The block holding `keys`' work among `rows`: by an identifier, else by title; the oldest first. */
function matchOf(keys: WorkKeys, rows: Row[]): number | null {
  const ids = new Set(keys.ids);
  const byId = rows.filter((row) => ids.has(row.work));
  const byTitle = rows.filter(
    (row) => row.work === keys.title && titleQualifiersAgree(row.qualifier, keys.qualifier),
  );
  const [first] = (byId.length > 0 ? byId : byTitle)
    .map((row) => row.blockId)
    .sort((a, b) => a - b);
  return first ?? null;
}

/**
 * The board's block for each of `works`, or null where the board has none: one read of the
 * works' keys, whatever the size of the board.
 */
export async function findWorks(
  db: Db,
  userId: number,
  works: Work[],
): Promise<(KnownWork | null)[]> {
  if (works.length === 0) return [];
  await indexBoard(db, userId);
  const keys = works.map(keysOf);
  const wanted = [...new Set(keys.flatMap(({ ids, title }) => [...ids, title]))];
  const { results } = await db.$client
    .prepare(
      `SELECT w.work, w.block_id AS blockId, w.qualifier, b.title, b.status,
        b.hand_edited AS handEdited
      FROM block_works AS w JOIN blocks AS b ON b.id = w.block_id
      WHERE w.user_id = ?1 AND w.work IN (SELECT value FROM json_each(?2))`,
    )
    .bind(userId, JSON.stringify(wanted))
    .all<Row & KnownWork>();
  const blocks = new Map(results.map((row) => [row.blockId, row]));
  return keys.map((key) => {
    const blockId = matchOf(key, results);
    const block = blockId === null ? undefined : blocks.get(blockId);
    return block
      ? { blockId, title: block.title, status: block.status, handEdited: block.handEdited }
      : null;
  }) as (KnownWork | null)[];
}

/** The statement that forgets a block's keys derived from its fields, after an edit renames its work. */
export function forgetWorkStatement(db: Db, userId: number, blockId: number) {
  return rawRun(
    db,
    sql`DELETE FROM block_works
      WHERE user_id = ${userId} AND block_id = ${blockId} AND work NOT LIKE 'isbn:%'`,
  );
}
