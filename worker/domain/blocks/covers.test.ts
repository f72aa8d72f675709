import { env } from 'cloudflare:workers';
import { encode as encodePng } from 'fast-png';
import { describe, expect, it } from 'vitest';
import {
  apiClient,
  blockPayload,
  call,
  createUser,
  expectStatus,
  readJson,
  type TestUser,
  uniqueName,
} from '../../test/factories';
import { outsideSite, serveAt, timesFetched } from '../../test/outside-site';

/** The Worker's env with Open Library and Letterboxd standing in on loopback. */
const coversEnv = {
  ...env,
  OPEN_LIBRARY_URL: outsideSite,
  OPEN_LIBRARY_COVERS_URL: outsideSite,
  LETTERBOXD_HOSTS: '127.0.0.1',
} as Env;

function pngBytes() {
  const data = new Uint8Array(20 * 30 * 3).map((_, i) => (i * 7) % 256);
  let binary = '';
  for (const byte of encodePng({ width: 20, height: 30, data, channels: 3 })) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary);
}

async function serveImage(path: string) {
  return serveAt(path, { headers: { 'content-type': 'image/png' }, base64: pngBytes() });
}

/** Open Library's search answers one book with this cover id, and serves that cover. */
async function serveBookCover(coverId: number) {
  await serveAt('/search.json', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ numFound: 1, docs: [{ cover_i: coverId }] }),
  });
  return serveImage(`/b/id/${coverId}-M.jpg`);
}

/** Creates a block as its owner would, waiting for what the write leaves running after its answer. */
async function createSettled(user: TestUser, overrides: Parameters<typeof blockPayload>[0]) {
  const created = await readJson(
    apiClient({ token: user.token, settled: coversEnv }).blocks.$post({
      json: blockPayload({ imageUrl: null, externalUrl: null, ...overrides }),
    }),
  );
  expectStatus(created, 201);
  return created.body.block;
}

async function imageOf(user: TestUser, id: number) {
  const board = await readJson(apiClient({ token: user.token }).blocks.me.$get());
  expectStatus(board, 200);
  return board.body.blocks.find((block) => block.id === id)?.imageUrl ?? null;
}

/** A Goodreads library export of one book with this ISBN, on the shelf to read. */
function goodreadsExport(title: string, author: string, isbn: string) {
  const header =
    'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';
  const row = `${isbn.slice(-7)},"${title}",${author},,,,"=""${isbn}""",0,4.1,,,300,2020,2020,,2024/01/02,to-read,,to-read,,,,0,0`;
  return new File([`${header}\n${row}\n`], 'goodreads_library_export.csv', { type: 'text/csv' });
}

/** Imports the book without the import's own covers, waiting for what the import leaves running. */
async function importSettled(user: TestUser, file: File) {
  const imported = await readJson(
    apiClient({ token: user.token, settled: coversEnv }).import[':source'].$post({
      param: { source: 'goodreads' },
      form: { file },
    }),
  );
  expectStatus(imported, 200);
  expect(imported.body).toMatchObject({ added: 1, covers: 0 });
}

async function bookTitled(user: TestUser, title: string) {
  const board = await readJson(apiClient({ token: user.token }).blocks.me.$get());
  expectStatus(board, 200);
  return board.body.blocks.find((block) => block.title === title);
}

const uniqueIsbn = () => `978${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;

const ownBlockImage = /^\/api\/images\/blocks\/\d+\/[0-9a-f-]{36}\.png$/;

describe('covers given in the background', () => {
  it("gives a book made by hand its cover from Open Library, after the block's answer", async () => {
    const coverId = 7_000_001;
    const cover = await serveBookCover(coverId);
    const user = await createUser();
    const block = await createSettled(user, {
      title: uniqueName('Piranesi'),
      subtitle: 'Susanna Clarke',
    });
    expect(block.imageUrl).toBeNull();
    const imageUrl = await imageOf(user, block.id);
    expect(imageUrl).toMatch(ownBlockImage);
    expect(imageUrl?.startsWith(`/api/images/blocks/${user.id}/`)).toBe(true);
    const stored = await call('GET', imageUrl ?? '');
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('image/png');
    expect(await timesFetched(cover)).toBe(1);
  });

  it('asks for the cover of a work once: a second board with the same book gets our copy', async () => {
    const coverId = 7_000_002;
    const cover = await serveBookCover(coverId);
    const title = uniqueName('The Left Hand of Darkness');
    const first = await createUser();
    const second = await createUser();
    const firstBlock = await createSettled(first, { title, subtitle: 'Ursula K. Le Guin' });
    const secondBlock = await createSettled(second, { title, subtitle: 'Ursula K. Le Guin' });
    const firstImage = await imageOf(first, firstBlock.id);
    const secondImage = await imageOf(second, secondBlock.id);
    expect(firstImage).toMatch(ownBlockImage);
    expect(secondImage).toMatch(ownBlockImage);
    expect(secondImage?.startsWith(`/api/images/blocks/${second.id}/`)).toBe(true);
    expect(await timesFetched(cover)).toBe(1);
  });

  it('gives a film the poster its Letterboxd page names', async () => {
    const poster = await serveImage(`/${uniqueName('poster')}.png`);
    const page = await serveAt(`/film/${uniqueName('past-lives')}/`, {
      headers: { 'content-type': 'text/html' },
      body: `<!doctype html><html><head><title>Past Lives</title><meta property="og:image" content="${poster}"></head><body></body></html>`,
    });
    const user = await createUser();
    const block = await createSettled(user, {
      category: 'creative',
      type: 'film-animation',
      emoji: 'Clapperboard',
      title: 'Past Lives',
      subtitle: '2023',
      externalUrl: page,
    });
    expect(block.imageUrl).toBeNull();
    expect(await imageOf(user, block.id)).toMatch(ownBlockImage);
    expect(await timesFetched(poster)).toBe(1);
  });

  it('gives a book whose ISBN the board knows its cover by that ISBN, before any search by title', async () => {
    const isbn = uniqueIsbn();
    const byIsbn = await serveImage(`/b/isbn/${isbn}-M.jpg`);
    const byTitle = await serveBookCover(7_000_004);
    const user = await createUser();
    const title = uniqueName('Station Eleven');
    await importSettled(user, goodreadsExport(title, 'Emily St. John Mandel', isbn));
    expect((await bookTitled(user, title))?.imageUrl).toMatch(ownBlockImage);
    expect(await timesFetched(byIsbn)).toBe(1);
    expect(await timesFetched(byTitle)).toBe(0);
  });

  it('looks for the cover by title and author when Open Library has none for the ISBN', async () => {
    const isbn = uniqueIsbn();
    const byTitle = await serveBookCover(7_000_005);
    const user = await createUser();
    const title = uniqueName('Klara and the Sun');
    await importSettled(user, goodreadsExport(title, 'Kazuo Ishiguro', isbn));
    expect((await bookTitled(user, title))?.imageUrl).toMatch(ownBlockImage);
    expect(await timesFetched(`/b/isbn/${isbn}-M.jpg`)).toBe(1);
    expect(await timesFetched(byTitle)).toBe(1);
  });

  it('never replaces an image the owner set', async () => {
    const coverId = 7_000_003;
    const cover = await serveBookCover(coverId);
    const own = await serveImage(`/${uniqueName('own')}.png`);
    const user = await createUser();
    const block = await createSettled(user, {
      title: uniqueName('Dune'),
      subtitle: 'Frank Herbert',
      imageUrl: own,
    });
    expect(block.imageUrl).toMatch(ownBlockImage);
    expect(await imageOf(user, block.id)).toBe(block.imageUrl);
    expect(await timesFetched(cover)).toBe(0);
  });
});
