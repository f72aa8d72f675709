import { env } from 'cloudflare:workers';
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { ImportSource } from '../../../../schema/imports';
import {
  apiClient,
  createBlock,
  createUser,
  expectStatus,
  readJson,
  type TestUser,
} from '../../../test/factories';
import goodreadsExport from '../../../test/fixtures/goodreads_library_export.csv?raw';
import reviewsExport from '../../../test/fixtures/reviews.csv?raw';
import watchlistExport from '../../../test/fixtures/watchlist.csv?raw';

const api = (user: TestUser) => apiClient({ token: user.token });

async function importFile(user: TestUser, source: ImportSource, text: string, name: string) {
  const file = new File([text], name, { type: 'text/csv' });
  const answer = await readJson(
    api(user).import[':source'].$post({ param: { source }, form: { file } }),
  );
  expectStatus(answer, 200);
  return answer.body;
}

async function boardOf(user: TestUser) {
  const answer = await readJson(api(user).blocks.me.$get());
  expectStatus(answer, 200);
  return answer.body.blocks;
}

/** What a round trip must keep of each block, in the board's order. */
async function keptOf(user: TestUser) {
  return (await boardOf(user)).map(
    ({ title, subtitle, description, status, rating, review, statusSince }) => ({
      title,
      subtitle,
      description,
      status,
      rating,
      review,
      statusSince,
    }),
  );
}

const rowsOf = (csv: string) =>
  Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });

/** Downloads an export, checking it is the CSV file it says. */
async function downloaded(
  response: { status: number; headers: Headers; text: () => Promise<string> },
  name: string,
) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
  return response.text();
}

describe('GET /api/account/export/letterboxd', () => {
  it("writes the Done films in the columns Letterboxd's importer reads, and the Planned ones as a watchlist", async () => {
    const user = await createUser();
    await importFile(user, 'letterboxd', reviewsExport, 'reviews.csv');
    await importFile(user, 'letterboxd', watchlistExport, 'watchlist.csv');
    await createBlock(user, { title: 'Not a film' });
    const watched = await downloaded(
      await api(user).account.export.letterboxd.$get({ query: {} }),
      `up2-${user.username}-letterboxd.csv`,
    );
    const read = rowsOf(watched);
    expect(read.meta.fields).toEqual([
      'LetterboxdURI',
      'Title',
      'Year',
      'Rating',
      'WatchedDate',
      'Rewatch',
      'Review',
    ]);
    expect(read.data).toEqual([
      {
        LetterboxdURI: 'https://boxd.it/5NXQ4b',
        Title: 'Past Lives',
        Year: '2023',
        Rating: '4.5',
        WatchedDate: '2024-01-15',
        Rewatch: 'false',
        Review: 'Quiet, and it stayed with me for days.',
      },
      {
        LetterboxdURI: 'https://boxd.it/5QbP2c',
        Title: 'Aftersun',
        Year: '2022',
        Rating: '5',
        WatchedDate: '2024-02-03',
        Rewatch: 'true',
        Review: '',
      },
    ]);
    const watchlist = await downloaded(
      await api(user).account.export.letterboxd.$get({ query: { list: 'watchlist' } }),
      `up2-${user.username}-letterboxd-watchlist.csv`,
    );
    const listed = rowsOf(watchlist);
    expect(listed.meta.fields).toEqual(['Date', 'LetterboxdURI', 'Title', 'Year']);
    expect(listed.data.map((row) => row.Title)).toEqual(
      (await boardOf(user)).filter((b) => b.status === 'planned').map((b) => b.title),
    );
  });

  it('refuses a signed-out caller with 401', async () => {
    expect((await apiClient().account.export.letterboxd.$get({ query: {} })).status).toBe(401);
  });
});

describe('GET /api/account/export/goodreads', () => {
  it("writes the books in Goodreads' library layout, which Goodreads and StoryGraph import", async () => {
    const user = await createUser();
    await importFile(user, 'goodreads', goodreadsExport, 'goodreads_library_export.csv');
    await createBlock(user, { title: 'The Pragmatic Programmer', rating: 4.5 });
    const csv = await downloaded(
      await api(user).account.export.goodreads.$get(),
      `up2-${user.username}-goodreads.csv`,
    );
    const read = rowsOf(csv);
    expect(read.meta.fields).toEqual([
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
    ]);
    expect(read.data[0]).toEqual({
      'Book Id': '2767052',
      Title: 'The Hunger Games (The Hunger Games, #1)',
      Author: 'Suzanne Collins',
      ISBN: '',
      ISBN13: '',
      'My Rating': '4',
      'Exclusive Shelf': 'read',
      'Date Read': '2023/04/15',
      'Date Added': '2023/04/15',
      'My Review': 'Couldn\'t put it down.\nRead it in "one" sitting.',
    });
    expect(read.data.at(-1)).toMatchObject({
      'Book Id': '',
      Title: 'The Pragmatic Programmer',
      'My Rating': '4.5',
      'Exclusive Shelf': 'currently-reading',
      'Date Read': '',
    });
  });

  it('refuses a signed-out caller with 401', async () => {
    expect((await apiClient().account.export.goodreads.$get()).status).toBe(401);
  });
});

describe('round trip: an export imported into a fresh account', () => {
  it('gives the same films from the Letterboxd files: titles, statuses, ratings, reviews, dates', async () => {
    const owner = await createUser();
    await importFile(owner, 'letterboxd', reviewsExport, 'reviews.csv');
    await importFile(owner, 'letterboxd', watchlistExport, 'watchlist.csv');
    await createBlock(owner, {
      category: 'creative',
      type: 'film-animation',
      emoji: 'Clapperboard',
      label: 'Film & Animation',
      title: 'Paterson',
      subtitle: '2016',
      description: undefined,
      status: 'done',
      rating: 4,
      review: 'Poems and a bus.',
    });
    const watched = await (await api(owner).account.export.letterboxd.$get({ query: {} })).text();
    const watchlist = await (
      await api(owner).account.export.letterboxd.$get({ query: { list: 'watchlist' } })
    ).text();

    const fresh = await createUser();
    await importFile(fresh, 'letterboxd', watched, `up2-${owner.username}-letterboxd.csv`);
    await importFile(
      fresh,
      'letterboxd',
      watchlist,
      `up2-${owner.username}-letterboxd-watchlist.csv`,
    );
    const byTitle = (kept: Awaited<ReturnType<typeof keptOf>>) =>
      kept
        // A film made by hand was finished now: its day is what the file can say.
        .map((block) => ({ ...block, statusSince: dayOf(block.statusSince) }))
        .sort((a, b) => `${a.title} ${a.status}`.localeCompare(`${b.title} ${b.status}`));
    const ownerFilms = (await keptOf(owner)).filter((block) => block.title !== 'Not a film');
    expect(byTitle(await keptOf(fresh))).toEqual(byTitle(ownerFilms));
    // Imported again, nothing is doubled.
    const again = await importFile(fresh, 'letterboxd', watched, 'letterboxd.csv');
    expect(again.added).toBe(0);
  });

  it('gives the same books from the Goodreads file: titles, authors, shelves, ratings, reviews, dates', async () => {
    const owner = await createUser();
    await importFile(owner, 'goodreads', goodreadsExport, 'goodreads_library_export.csv');
    await createBlock(owner, {
      title: 'The Pragmatic Programmer',
      subtitle: 'Hunt & Thomas',
      rating: 4.5,
      review: 'A chapter a week.',
      status: 'planned',
    });
    const csv = await (await api(owner).account.export.goodreads.$get()).text();

    const fresh = await createUser();
    await importFile(fresh, 'goodreads', csv, `up2-${owner.username}-goodreads.csv`);
    const kept = (blocks: Awaited<ReturnType<typeof keptOf>>) =>
      blocks
        .map(({ description: _, ...rest }) => rest)
        .map((block) =>
          block.title === 'The Pragmatic Programmer'
            ? { ...block, statusSince: dayOf(block.statusSince) }
            : block,
        )
        .sort((a, b) => a.title.localeCompare(b.title));
    expect(kept(await keptOf(fresh))).toEqual(kept(await keptOf(owner)));
  });
});

const dayOf = (at: number | null) => (at === null ? null : new Date(at).toISOString().slice(0, 10));

describe('GET /api/account/export/archive', () => {
  it('is a ZIP of the whole account as JSON with every image the board shows', async () => {
    const user = await createUser();
    const picture = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    const key = `blocks/${user.id}/00000000-0000-4000-8000-00000000000a.jpg`;
    await env.IMAGES.put(key, picture);
    await createBlock(user, { title: 'With a cover', imageUrl: `/api/images/${key}` });
    await createBlock(user, { title: 'Without', imageUrl: undefined });
    const answer = await api(user).account.export.archive.$get();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="up2-${user.username}.zip"`,
    );
    const files = unzipSync(new Uint8Array(await answer.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['account.json', `images/${key}`]);
    expect(files[`images/${key}`]).toEqual(picture);
    const account = JSON.parse(new TextDecoder().decode(files['account.json']));
    expect(account.account.username).toBe(user.username);
    expect(account.blocks.map((block: { title: string }) => block.title)).toEqual([
      'With a cover',
      'Without',
    ]);
  });

  it('refuses a signed-out caller with 401', async () => {
    expect((await apiClient().account.export.archive.$get()).status).toBe(401);
  });
});
