import { Unzip, UnzipInflate } from 'fflate';
import {
  type ImportSource,
  type LetterboxdList,
  letterboxdArchiveFiles,
  traktFileOf,
  traktFiles,
} from '../../../schema/imports';
import { Refusal } from '../../platform/refusal';
import {
  type ExportFile,
  type ParsedExport,
  parseExport,
  parseLetterboxdArchive,
} from './export-files';
import { parseTraktExport } from './trakt-export';

/** A file as uploaded: its name and bytes, a CSV or JSON file, or a ZIP of them. */
export type Upload = { name: string; bytes: Uint8Array };

/** An export ZIP as its service writes it: which of its files are read, and what to tell a person. */
type ArchiveLayout = {
  exportName: string;
  /** The files read, as a person would look for them. */
  fileNames: string[];
  wanted: (path: string) => boolean;
  advice: string;
};

const letterboxdLayout: ArchiveLayout = {
  exportName: 'Letterboxd export',
  fileNames: letterboxdArchiveFiles,
  // At the ZIP's root: lists/ holds files of the same names.
  wanted: (path) => letterboxdArchiveFiles.includes(path),
  advice: 'Choose the ZIP Letterboxd sent you, as it came.',
};
const traktLayout: ArchiveLayout = {
  exportName: 'Trakt export',
  fileNames: traktFiles.map((file) => `${file}.json`),
  wanted: (path) => traktFileOf(path) !== null,
  advice: "Choose the ZIP of Trakt's data export, as it came.",
};

// An export holds a handful of files and a file per list: thousands of lists is not one.
const maxEntries = 2000;
// A diary of 20,000 viewings with long reviews is a few MB: a file unpacking past this is a bomb.
const maxUnpackedBytes = 16 * 1024 * 1024;
// All the files read, together: their text is held at once while the blocks are made.
const maxUnpackedTotalBytes = 32 * 1024 * 1024;

const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** A name that would land outside the folder it is unpacked in (`../x`, `/etc/x`, `C:\x`). */
const outside = (name: string) =>
  /^([/\\]|[a-z]:)/i.test(name) || name.split(/[/\\]/).includes('..');

const tooLarge = (layout: ArchiveLayout, name: string, limit: number) =>
  new Refusal(
    'too-large',
    `This ZIP's ${name} unpacks to more than ${limit / 1024 / 1024} MB: it is not a ${layout.exportName}.`,
  );

/**
 * The files of an export ZIP, unpacked as they stream, so that what a file claims is never
 * trusted: past the limit it stops at once (a ZIP bomb), a ZIP of too many files or with a name
 * outside itself is refused before anything is unpacked.
 */
function unpack(bytes: Uint8Array, layout: ArchiveLayout): ExportFile[] {
  const found: ExportFile[] = [];
  let entries = 0;
  let total = 0;
  const unzip = new Unzip((file) => {
    entries += 1;
    if (entries > maxEntries) {
      throw new Refusal(
        'too-large',
        `This ZIP holds more than ${maxEntries} files: it is not a ${layout.exportName}.`,
      );
    }
    if (outside(file.name)) {
      throw new Refusal(
        'invalid',
        `This ZIP names a file outside itself (${file.name}): it cannot be imported.`,
      );
    }
    if (!layout.wanted(file.name)) return;
    if ((file.originalSize ?? 0) > maxUnpackedBytes) {
      throw tooLarge(layout, file.name, maxUnpackedBytes);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      // fflate hands back what this callback threw (the limit) as the chunk's error.
      if (error) throw error instanceof Refusal ? error : notAnExport(layout);
      size += chunk.length;
      total += chunk.length;
      if (size > maxUnpackedBytes) throw tooLarge(layout, file.name, maxUnpackedBytes);
      if (total > maxUnpackedTotalBytes) {
        throw tooLarge(layout, 'files', maxUnpackedTotalBytes);
      }
      chunks.push(chunk);
      if (final) {
        const text = new TextDecoder().decode(concat(chunks, size));
        found.push({ name: file.name.split('/').pop() ?? file.name, text });
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(bytes, true);
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw notAnExport(layout);
  }
  if (found.length === 0) throw notAnExport(layout);
  return found;
}

const notAnExport = (layout: ArchiveLayout) =>
  new Refusal(
    'invalid',
    `This ZIP is not a ${layout.exportName}: it has none of ${layout.fileNames.join(', ')} (or it is broken). ${layout.advice}`,
  );

function concat(chunks: Uint8Array[], size: number) {
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.length;
  }
  return whole;
}

const csvOnly: Partial<Record<ImportSource, string>> = {
  goodreads: 'Goodreads exports a CSV file, not a ZIP: choose goodreads_library_export.csv.',
  storygraph: 'StoryGraph exports a CSV file, not a ZIP: choose the .csv file it gave you.',
  imdb: 'IMDb exports a CSV file, not a ZIP: choose the ratings .csv file it gave you.',
};

/**
 * The blocks an upload describes: Letterboxd's or Trakt's export ZIP whole, one JSON file of
 * Trakt's, or one CSV export (parseExport).
 */
export function parseUpload(
  source: ImportSource,
  upload: Upload,
  options: { list?: LetterboxdList } = {},
): ParsedExport {
  if (!isZip(upload.bytes)) {
    const file = { name: upload.name, text: new TextDecoder().decode(upload.bytes) };
    return source === 'trakt' ? parseTraktExport([file]) : parseExport(source, file, options);
  }
  if (source === 'letterboxd')
    return parseLetterboxdArchive(unpack(upload.bytes, letterboxdLayout));
  if (source === 'trakt') return parseTraktExport(unpack(upload.bytes, traktLayout));
  throw new Refusal('invalid', csvOnly[source] ?? 'This export is a file, not a ZIP.');
}
