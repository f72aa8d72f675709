import {
  type ImportSource,
  letterboxdArchiveFiles,
  recogniseColumns,
  traktFileOf,
} from '../../../../schema/imports';

const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** Which service's export ZIP this is, by the names of its files (none is unpacked). */
async function zipSource(bytes: Uint8Array): Promise<ImportSource | null> {
  const { unzipSync } = await import('fflate');
  const names: string[] = [];
  try {
    unzipSync(bytes, {
      filter: (file) => {
        names.push(file.name);
        return false;
      },
    });
  } catch {
    return null;
  }
  if (names.some((name) => letterboxdArchiveFiles.includes(name))) return 'letterboxd';
  if (names.some((name) => traktFileOf(name) !== null)) return 'trakt';
  return null;
}

/** The names in a CSV's first line, as Papa Parse would read a simple header. */
function headerOf(text: string): string[] {
  const [line = ''] = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1);
  return line.split(',').map((name) => name.trim().replace(/^"|"$/g, ''));
}

/**
 * Which export a dropped or chosen file is, by its content rather than its name: a ZIP by its
 * files' names (Letterboxd's CSVs, Trakt's JSON), JSON as Trakt's, a CSV by its header row
 * (Up2's own Letterboxd export, Title and Year, as Letterboxd's); null when none of them.
 */
export async function recogniseExport(file: File): Promise<ImportSource | null> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (isZip(bytes)) return zipSource(bytes);
  const start = new TextDecoder().decode(bytes.subarray(0, 64 * 1024));
  if (/^\s*\[/.test(start)) return 'trakt';
  const columns = headerOf(start);
  const known = recogniseColumns(columns);
  if (known) return known;
  return columns.includes('Title') && columns.includes('Year') ? 'letterboxd' : null;
}
