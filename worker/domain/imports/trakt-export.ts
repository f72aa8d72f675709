import { type BlockStatus, timesWatchedNote } from '../../../schema/block-values';
import { type TraktFile, traktFileOf } from '../../../schema/imports';
import { Refusal } from '../../platform/refusal';
import {
  type ExportedBlock,
  type ExportFile,
  earliest,
  filmBlockOf,
  type ParsedExport,
  screenWorkKey,
  seriesNote,
} from './export-files';

type Kind = 'movie' | 'show';
type Entry = Record<string, unknown>;
type Work = { kind: Kind; title: string; year: number | null; imdb: string | null; slug: string };

/** What the export says of one film or show, gathered from its files. */
type Seen = {
  work: Work;
  watchedAt: number | null;
  plays: number;
  lastEpisode: { season: number; episode: number } | null;
  rating: number | null;
  ratedAt: number | null;
  listedAt: number | null;
};

const isObject = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A time Trakt writes (`2024-06-01T20:15:00.000Z`) in ms; null when missing, unreadable or ahead. */
function timeOf(value: unknown): number | null {
  const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) || at > Date.now() ? null : at;
}

function workOf(entry: Entry, kind: Kind): Work | null {
  const work = entry[kind];
  if (!isObject(work)) return null;
  const ids = isObject(work.ids) ? work.ids : {};
  return {
    kind,
    title: typeof work.title === 'string' ? work.title : '',
    year: typeof work.year === 'number' ? work.year : null,
    imdb: typeof ids.imdb === 'string' && /^tt\d+$/.test(ids.imdb) ? ids.imdb : null,
    slug: typeof ids.slug === 'string' ? ids.slug : String(ids.trakt ?? ''),
  };
}

/** The show's episode watched last, and when, from /sync/watched's seasons. */
function lastEpisodeOf(entry: Entry) {
  let last: { season: number; episode: number; at: number } | null = null;
  for (const season of Array.isArray(entry.seasons) ? entry.seasons : []) {
    if (!isObject(season) || !Array.isArray(season.episodes)) continue;
    for (const episode of season.episodes) {
      const at = isObject(episode) ? timeOf(episode.last_watched_at) : null;
      if (at !== null && (last === null || at > last.at)) {
        last = { season: Number(season.number), episode: Number(episode.number), at };
      }
    }
  }
  return last;
}

/** Which file an entry read alone belongs to, by its shape (a file renamed on the way). */
function fileByShape(first: Entry): TraktFile | null {
  if ('seasons' in first && 'show' in first) return 'watched-shows';
  if ('plays' in first && 'movie' in first) return 'watched-movies';
  if ('rating' in first) return 'show' in first ? 'ratings-shows' : 'ratings-movies';
  if ('listed_at' in first) return 'lists-watchlist';
  return null;
}

const invalid = (message: string) => new Refusal('invalid', message);

function entriesOf(file: ExportFile): unknown[] {
  let entries: unknown;
  try {
    entries = JSON.parse(file.text);
  } catch (error) {
    throw invalid(
      `${file.name} is not valid JSON (${(error as Error).message}). Choose the files of Trakt's export as they came.`,
    );
  }
  if (!Array.isArray(entries)) {
    throw invalid(
      `${file.name} is not one of Trakt's export files (watched-movies.json, watched-shows.json, ratings-movies.json, ratings-shows.json, lists-watchlist.json): it is not a list.`,
    );
  }
  return entries;
}

/**
 * Gathers every film and show of the files, each once, by the key that finds it again: its IMDb
 * id when Trakt knows it (so an IMDb import knows it too), else Trakt's own.
 */
class TraktWorks {
  readonly seen = new Map<string, Seen>();
  skippedRows = 0;

  add(fileName: string, role: TraktFile, entries: unknown[]) {
    const fileKind: Kind = role.endsWith('movies') ? 'movie' : 'show';
    entries.forEach((entry, index) => {
      // The watchlist holds films and shows in one list, and seasons and episodes, left out.
      const kind = role === 'lists-watchlist' && isObject(entry) ? entry.type : fileKind;
      if (kind === 'season' || kind === 'episode') {
        this.skippedRows += 1;
        return;
      }
      const work = isObject(entry) && (kind === 'movie' || kind === 'show') && workOf(entry, kind);
      if (!work) {
        throw invalid(
          `Entry ${index + 1} of ${fileName} has no ${typeof kind === 'string' ? kind : fileKind} (title, year and ids): it is not as Trakt's export writes it.`,
        );
      }
      if (!work.title.trim()) {
        this.skippedRows += 1;
        return;
      }
      this.note(work, role, entry as Entry);
    });
  }

  private note(work: Work, role: TraktFile, entry: Entry) {
    const key = screenWorkKey('trakt', work.kind, work.imdb, work.slug || work.title);
    const seen: Seen = this.seen.get(key) ?? {
      work,
      watchedAt: null,
      plays: 0,
      lastEpisode: null,
      rating: null,
      ratedAt: null,
      listedAt: null,
    };
    if (role === 'watched-movies') {
      seen.watchedAt = timeOf(entry.last_watched_at);
      seen.plays = Number(entry.plays) || 1;
    } else if (role === 'watched-shows') {
      const last = lastEpisodeOf(entry);
      seen.watchedAt = last?.at ?? timeOf(entry.last_watched_at);
      seen.lastEpisode = last;
    } else if (role === 'lists-watchlist') {
      seen.listedAt = timeOf(entry.listed_at);
    } else {
      seen.rating = typeof entry.rating === 'number' ? entry.rating : null;
      seen.ratedAt = timeOf(entry.rated_at);
    }
    this.seen.set(key, seen);
  }
}

/** A film or show: watched or rated is Done (since then), only listed is Planned. */
function blockOfSeen(key: string, seen: Seen): ExportedBlock | null {
  const done =
    seen.watchedAt !== null || seen.plays > 0 || seen.lastEpisode !== null || seen.rating !== null;
  const status: BlockStatus = done ? 'done' : 'planned';
  const { work } = seen;
  const block = filmBlockOf({
    title: work.title,
    subtitle: work.year === null ? '' : String(work.year),
    externalUrl: work.imdb
      ? `https://www.imdb.com/title/${work.imdb}/`
      : work.slug && `https://trakt.tv/${work.kind}s/${encodeURIComponent(work.slug)}`,
    status,
    // Trakt rates out of 10, a block out of 5 stars in halves.
    rating: seen.rating === null ? undefined : String(seen.rating / 2),
  });
  if (!block) return null;
  if (work.kind === 'show') {
    const last = seen.lastEpisode;
    block.description = last
      ? `${seriesNote}, last watched S${last.season} E${last.episode}`
      : seriesNote;
  } else if (seen.plays > 1) {
    block.description = timesWatchedNote(seen.plays);
  }
  const statusAt = done ? (seen.watchedAt ?? seen.ratedAt ?? seen.listedAt) : seen.listedAt;
  return {
    importKey: key,
    block,
    addedAt: earliest(seen.listedAt, statusAt),
    statusAt,
    isbn: null,
  };
}

/**
 * The films and shows of Trakt's export: files of a ZIP known by their names, one file uploaded
 * alone by its name or else its entries' shape. Watched (a show since its last episode) or rated
 * is Done, with the plays or the last episode said; the watchlist's unwatched is Planned.
 */
export function parseTraktExport(files: ExportFile[]): ParsedExport {
  const works = new TraktWorks();
  for (const file of files) {
    const entries = entriesOf(file);
    const role = traktFileOf(file.name) ?? (isObject(entries[0]) ? fileByShape(entries[0]) : null);
    if (!role) {
      if (entries.length === 0) continue;
      throw invalid(
        `${file.name} is not one of Trakt's export files (watched-movies.json, watched-shows.json, ratings-movies.json, ratings-shows.json, lists-watchlist.json).`,
      );
    }
    works.add(file.name, role, entries);
  }
  const blocks: ExportedBlock[] = [];
  let skippedRows = works.skippedRows;
  for (const [key, seen] of works.seen) {
    const exported = blockOfSeen(key, seen);
    if (exported) blocks.push(exported);
    else skippedRows += 1;
  }
  return { blocks, skippedRows };
}
