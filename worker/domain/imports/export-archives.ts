import { Unzip, UnzipInflate } from 'fflate';
import type { ImportSource, LetterboxdList } from '../../../schema/imports';
import { Refusal } from '../../platform/refusal';
import {
  type ExportFile,
  type ParsedExport,
  parseExport,
  parseLetterboxdArchive,
} from './export-files';

/** A file as uploaded: its name and bytes, a CSV or a ZIP of CSVs. */
export type Upload = { name: string; bytes: Uint8Array };

// A Letterboxd export holds a handful of CSVs and a file per list: thousands of lists is not one.
const maxEntries = 2000;
// A diary of 20,000 viewings with long reviews is a few MB: a CSV unpacking past this is a bomb.
const maxUnpackedBytes = 16 * 1024 * 1024;
const letterboxdFiles = ['diary.csv', 'reviews.csv', 'ratings.csv', 'watched.csv', 'watchlist.csv'];

const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** A name that would land outside the folder it is unpacked in (`../x`, `/etc/x`, `C:\x`). */
const outside = (name: string) =>
  /^([/\\]|[a-z]:)/i.test(name) || name.split(/[/\\]/).includes('..');

const tooLarge = (name: string) =>
  new Refusal(
    'too-large',
    `This ZIP's ${name} unpacks to more than ${maxUnpackedBytes / 1024 / 1024} MB: it is not a Letterboxd export.`,
  );

/**
 * The Letterboxd files at the root of a ZIP, unpacked as they stream, so that what a file claims
 * is never trusted: past the limit it stops at once (a ZIP bomb), a ZIP of too many files or with
 * a name outside itself is refused before anything is unpacked.
 */
function unpackLetterboxd(bytes: Uint8Array): ExportFile[] {
  const found: ExportFile[] = [];
  let entries = 0;
  const unzip = new Unzip((file) => {
    entries += 1;
    if (entries > maxEntries) {
      throw new Refusal(
        'too-large',
        `This ZIP holds more than ${maxEntries} files: it is not a Letterboxd export.`,
      );
    }
    if (outside(file.name)) {
      throw new Refusal(
        'invalid',
        `This ZIP names a file outside itself (${file.name}): it cannot be imported.`,
      );
    }
    if (!letterboxdFiles.includes(file.name)) return;
    if ((file.originalSize ?? 0) > maxUnpackedBytes) throw tooLarge(file.name);
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      // fflate hands back what this callback threw (the limit) as the chunk's error.
      if (error) throw error instanceof Refusal ? error : notAnExport();
      size += chunk.length;
      if (size > maxUnpackedBytes) throw tooLarge(file.name);
      chunks.push(chunk);
      if (final) {
        const text = new TextDecoder().decode(concat(chunks, size));
        found.push({ name: file.name, text });
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(bytes, true);
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw notAnExport();
  }
  if (found.length === 0) throw notAnExport();
  return found;
}

const notAnExport = () =>
  new Refusal(
    'invalid',
    `This ZIP is not a Letterboxd export: it has none of ${letterboxdFiles.join(', ')} (or it is broken). Choose the ZIP Letterboxd sent you, as it came.`,
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

/**
 * The blocks an upload describes: a Letterboxd export ZIP whole, or one CSV export (parseExport).
 */
export function parseUpload(
  source: ImportSource,
  upload: Upload,
  options: { list?: LetterboxdList } = {},
): ParsedExport {
  if (!isZip(upload.bytes)) {
    const text = new TextDecoder().decode(upload.bytes);
    return parseExport(source, { name: upload.name, text }, options);
  }
  if (source !== 'letterboxd') {
    throw new Refusal(
      'invalid',
      source === 'goodreads'
        ? 'Goodreads exports a CSV file, not a ZIP: choose goodreads_library_export.csv.'
        : 'StoryGraph exports a CSV file, not a ZIP: choose the .csv file it gave you.',
    );
  }
  return parseLetterboxdArchive(unpackLetterboxd(upload.bytes));
}
