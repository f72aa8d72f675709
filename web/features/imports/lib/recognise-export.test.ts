import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { recogniseExport } from './recognise-export';

const file = (content: string | Uint8Array, name: string) =>
  new File([typeof content === 'string' ? content : content.slice()], name);

describe('recogniseExport', () => {
  it('knows each CSV export by its header row, whatever the file is called', async () => {
    const headers = {
      goodreads:
        'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Exclusive Shelf',
      storygraph: 'Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added',
      imdb: 'Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Year',
      letterboxd: 'Date,Name,Year,Letterboxd URI,Rating',
    };
    for (const [source, header] of Object.entries(headers)) {
      expect(await recogniseExport(file(`\uFEFF${header}\nrow`, 'download.csv'))).toBe(source);
    }
    // Up2's own Letterboxd export, in the columns Letterboxd's importer reads.
    expect(await recogniseExport(file('LetterboxdURI,Title,Year,Rating\n', 'x.csv'))).toBe(
      'letterboxd',
    );
    expect(await recogniseExport(file('Name,Email\nAda,ada@example.com', 'x.csv'))).toBeNull();
  });

  it("knows Letterboxd's and Trakt's ZIPs by the files in them, and Trakt's JSON by its shape", async () => {
    const letterboxd = zipSync({ 'profile.csv': strToU8(''), 'diary.csv': strToU8('Date') });
    expect(await recogniseExport(file(letterboxd, 'export.zip'))).toBe('letterboxd');
    const trakt = zipSync({ 'watched/watched-movies-2.json': strToU8('[]') });
    expect(await recogniseExport(file(trakt, 'export.zip'))).toBe('trakt');
    expect(await recogniseExport(file(zipSync({ 'a.txt': strToU8('') }), 'a.zip'))).toBeNull();
    expect(await recogniseExport(file(' [{"plays": 1}]', 'watched.json'))).toBe('trakt');
  });
});
