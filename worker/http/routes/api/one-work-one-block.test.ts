import { env } from 'cloudflare:workers';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ImportSource } from '../../../../schema/imports';
import {
  apiClient,
  blockPayload,
  createBlock,
  createUser,
  editBlock,
  expectStatus,
  readJson,
  type TestUser,
  uniqueName,
} from '../../../test/factories';
import { goodreadsShelf, letterboxdDiary } from '../../../test/fixtures/feeds';
import goodreadsExport from '../../../test/fixtures/goodreads_library_export.csv?raw';
import { serveAt } from '../../../test/outside-site';

// One work, one block (decision 0050): every writer finds a work the board holds already.

const film = {
  category: 'creative',
  type: 'film-animation',
  emoji: 'Clapperboard',
  label: 'Film & Animation',
  description: undefined,
  externalUrl: undefined,
  progressEnabled: false,
} as const;

const api = (user: TestUser) => apiClient({ token: user.token });

function makeBlock(user: TestUser, fields: Parameters<typeof blockPayload>[0]) {
  return readJson(api(user).blocks.$post({ json: blockPayload(fields) }));
}

const file = (text: string | Uint8Array<ArrayBuffer>, name: string) => new File([text], name);

function preview(user: TestUser, source: ImportSource, upload: File) {
  return readJson(
    api(user).import[':source'].preview.$post({ param: { source }, form: { file: upload } }),
  );
}

async function importFile(user: TestUser, source: ImportSource, upload: File) {
  const answer = await readJson(
    api(user).import[':source'].$post({ param: { source }, form: { file: upload } }),
  );
  expectStatus(answer, 200);
  return answer.body;
}

async function boardOf(user: TestUser) {
  const answer = await readJson(api(user).blocks.me.$get());
  expectStatus(answer, 200);
  return answer.body.blocks.toSorted((a, b) => a.title.localeCompare(b.title));
}

async function connect(user: TestUser, feed: string) {
  const url = await serveAt(`/${uniqueName('feed')}`, {
    headers: { 'content-type': 'application/rss+xml' },
    body: feed,
  });
  const answer = await readJson(api(user).sources.$post({ json: { url } }));
  expectStatus(answer, 201);
  return answer.body.source;
}

const storygraphHeader =
  'Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Pace,Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,Diverse Characters?,Flawed Characters?,Star Rating,Review,Content Warnings,Content Warning Description,Tags,Owned?';

const films = [
  { slug: 'past-lives', title: 'Past Lives', year: '2023', watched: '2024-05-31', rating: '4.5' },
  { slug: 'aftersun', title: 'Aftersun', year: '2022', watched: '2024-05-20' },
  { slug: 'perfect-days', title: 'Perfect Days', year: '2023', watched: '2024-05-10' },
];

describe('a block made by hand', () => {
  it('is refused with 409 naming the block when the board holds its work by title, whatever case, accents, punctuation or article', async () => {
    const user = await createUser();
    await createBlock(user, { ...film, title: 'The Night of the Hunter', subtitle: '1955' });
    await createBlock(user, { ...film, title: 'Amélie', subtitle: '2001' });
    for (const title of ['night of the hunter!', 'NIGHT OF THE HUNTER', 'Amelie', 'amélie.']) {
      const again = await makeBlock(user, { ...film, title, subtitle: undefined });
      expectStatus(again, 409);
      expect(again.body.error).toMatch(
        /^“(The Night of the Hunter|Amélie)” is already on your board, in Now/,
      );
    }
    expect(await boardOf(user)).toHaveLength(2);
  });

  it('is made when the year, the author or the type tells another work of the same title', async () => {
    const user = await createUser();
    await createBlock(user, { ...film, title: 'Dune', subtitle: '1984' });
    await createBlock(user, { title: 'Dune', subtitle: 'Frank Herbert' });
    expectStatus(await makeBlock(user, { ...film, title: 'Dune', subtitle: '2021' }), 201);
    expectStatus(await makeBlock(user, { title: 'Dune', subtitle: 'Brian Herbert' }), 201);
    expect(await boardOf(user)).toHaveLength(4);
  });

  it('is refused when the board holds its work by an identifier: Letterboxd, Goodreads, IMDb, TMDB, Trakt', async () => {
    const user = await createUser();
    const pages = [
      ['https://letterboxd.com/film/past-lives/', 'https://letterboxd.com/ada/film/past-lives/1/'],
      [
        'https://www.goodreads.com/book/show/4671.The_Great_Gatsby',
        'https://goodreads.com/book/show/4671',
      ],
      ['https://www.imdb.com/title/tt13238346/', 'https://m.imdb.com/title/tt13238346/reviews'],
      ['https://www.themoviedb.org/movie/666277-past-lives', 'https://themoviedb.org/movie/666277'],
      ['https://trakt.tv/movies/past-lives-2023', 'https://trakt.tv/movies/past-lives-2023/watch'],
    ];
    for (const [index, [first, second]] of pages.entries()) {
      await createBlock(user, { ...film, title: `Film ${index}`, externalUrl: first });
      const again = await makeBlock(user, {
        ...film,
        title: `Another name ${index}`,
        externalUrl: second,
      });
      expectStatus(again, 409);
      expect(again.body.error).toContain(`“Film ${index}”`);
    }
    expect(await boardOf(user)).toHaveLength(pages.length);
  });

  it('may rename a block to a title of its own, and the old title is free again', async () => {
    const user = await createUser();
    const block = await createBlock(user, { title: 'Piranesi', subtitle: 'Susanna Clarke' });
    await makeBlock(user, { title: 'Jonathan Strange', subtitle: 'Susanna Clarke' });
    expectStatus(
      await editBlock(user, block.id, {
        title: 'The Ladies of Grace Adieu',
        subtitle: 'Susanna Clarke',
      }),
      200,
    );
    expectStatus(await makeBlock(user, { title: 'Piranesi', subtitle: 'Susanna Clarke' }), 201);
    expectStatus(
      await makeBlock(user, { title: 'Ladies of Grace Adieu', subtitle: undefined }),
      409,
    );
  });
});

describe('an import of works on the board', () => {
  it('Goodreads: previews them as already on the board and updates them (status, date, rating) instead of adding them', async () => {
    const user = await createUser();
    await createBlock(user, {
      title: 'The Great Gatsby',
      subtitle: 'F. Scott Fitzgerald',
      status: 'planned',
      progress: 0,
      rating: undefined,
      review: undefined,
    });
    const previewed = await preview(user, 'goodreads', file(goodreadsExport, 'goodreads.csv'));
    expectStatus(previewed, 200);
    expect(previewed.body).toMatchObject({ newCount: 3, alreadyOnBoard: 1 });
    expect(previewed.body.blocks.map((block) => block.title)).not.toContain('The Great Gatsby');
    const imported = await importFile(user, 'goodreads', file(goodreadsExport, 'goodreads.csv'));
    expect(imported).toMatchObject({ added: 3, updated: 1 });
    const board = await boardOf(user);
    expect(board).toHaveLength(4);
    const gatsby = board.find((block) => block.title === 'The Great Gatsby');
    expect(gatsby).toMatchObject({ status: 'done', progress: 100, rating: 5 });
    expect(gatsby?.statusSince).toBe(Date.parse('2019-08-20T00:00:00Z'));
  });

  it('keeps what the owner wrote or edited by hand: their rating, review and status', async () => {
    const user = await createUser();
    await createBlock(user, {
      title: 'The Hunger Games',
      subtitle: 'Suzanne Collins',
      status: 'done',
      progress: 100,
      rating: 2,
      review: 'Not for me.',
    });
    const gatsby = await createBlock(user, {
      title: 'The Great Gatsby',
      subtitle: 'F. Scott Fitzgerald',
      status: 'now',
      rating: undefined,
      review: undefined,
    });
    await editBlock(user, gatsby.id, {
      title: 'The Great Gatsby',
      subtitle: 'F. Scott Fitzgerald',
      status: 'planned',
      progress: 0,
      rating: 1.5,
      review: undefined,
    });
    await importFile(user, 'goodreads', file(goodreadsExport, 'goodreads.csv'));
    const board = await boardOf(user);
    expect(board.find((block) => block.title === 'The Hunger Games')).toMatchObject({
      rating: 2,
      review: 'Not for me.',
    });
    expect(board.find((block) => block.title === 'The Great Gatsby')).toMatchObject({
      status: 'planned',
      rating: 1.5,
    });
  });

  it('StoryGraph: finds a book imported from Goodreads by its ISBN-10 as 13, and another by title and author', async () => {
    const user = await createUser();
    await importFile(user, 'goodreads', file(goodreadsExport, 'goodreads.csv'));
    const storygraph = [
      storygraphHeader,
      'Los juegos del hambre,Suzanne Collins,,0439023483,paperback,read,2024/02/10,2024/02/20,,1,,,,,,,,,,,,,No',
      'The Alchemist,Paulo Coelho,,,paperback,read,2024/03/01,2024/03/09,,1,,,,,,,,4,,,,,No',
      'Piranesi,Susanna Clarke,,9781635575637,hardcover,read,2024/02/10,2024/02/20,,1,,,,,,,,4.5,,,,,Yes',
    ].join('\n');
    const previewed = await preview(user, 'storygraph', file(storygraph, 'storygraph.csv'));
    expectStatus(previewed, 200);
    expect(previewed.body).toMatchObject({ newCount: 1, alreadyOnBoard: 2 });
    await importFile(user, 'storygraph', file(storygraph, 'storygraph.csv'));
    const board = await boardOf(user);
    expect(board.map((block) => block.title)).toEqual([
      'Atomic Habits: An Easy & Proven Way to Build Good Habits & Break Bad Ones',
      'Piranesi',
      'The Alchemist',
      'The Great Gatsby',
      'The Hunger Games (The Hunger Games, #1)',
    ]);
    expect(board.find((block) => block.title === 'The Alchemist')).toMatchObject({
      status: 'done',
      rating: 4,
    });
  });

  it('Letterboxd CSV: finds the films a Letterboxd source made, by title and year', async () => {
    const user = await createUser();
    await connect(user, letterboxdDiary('ada', films));
    const diary = [
      'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date',
      '2024-05-31,Past Lives,2023,https://boxd.it/5NXQ4b,4.5,,,2024-05-31',
      '2024-05-20,Aftersun,2022,https://boxd.it/6aaa1,5,,,2024-05-20',
      '2024-05-10,Perfect Days,2023,https://boxd.it/6aaa2,,,,2024-05-10',
      '2024-04-01,Paterson,2016,https://boxd.it/6aaa3,,,,2024-04-01',
    ].join('\n');
    const previewed = await preview(user, 'letterboxd', file(diary, 'diary.csv'));
    expectStatus(previewed, 200);
    expect(previewed.body).toMatchObject({ newCount: 1, alreadyOnBoard: 3 });
    await importFile(user, 'letterboxd', file(diary, 'diary.csv'));
    const board = await boardOf(user);
    expect(board.map((block) => block.title)).toEqual([
      'Aftersun',
      'Past Lives',
      'Paterson',
      'Perfect Days',
    ]);
    expect(board.find((block) => block.title === 'Aftersun')?.rating).toBe(5);
  });

  it('Letterboxd ZIP: finds films made by hand', async () => {
    const user = await createUser();
    await createBlock(user, {
      ...film,
      title: 'Aftersun',
      subtitle: '2022',
      status: 'planned',
      progress: 0,
    });
    const watched = [
      'Date,Name,Year,Letterboxd URI',
      '2023-11-02,Aftersun,2022,https://boxd.it/rRuU',
      '2022-08-20,Paterson,2016,https://boxd.it/bR1k',
    ].join('\n');
    const zip = zipSync({ 'watched.csv': strToU8(watched) });
    const previewed = await preview(user, 'letterboxd', file(zip, 'letterboxd.zip'));
    expectStatus(previewed, 200);
    expect(previewed.body).toMatchObject({ newCount: 1, alreadyOnBoard: 1 });
    await importFile(user, 'letterboxd', file(zip, 'letterboxd.zip'));
    const board = await boardOf(user);
    expect(board.map((block) => [block.title, block.status])).toEqual([
      ['Aftersun', 'done'],
      ['Paterson', 'done'],
    ]);
  });
});

describe('a source bringing works on the board', () => {
  it('Letterboxd: adopts films imported before and made by hand, and keeps them current', async () => {
    const user = await createUser();
    const diary = [
      'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date',
      '2024-05-31,Past Lives,2023,https://boxd.it/5NXQ4b,,,,2024-05-31',
    ].join('\n');
    await importFile(user, 'letterboxd', file(diary, 'diary.csv'));
    await createBlock(user, {
      ...film,
      title: 'Perfect Days',
      subtitle: undefined,
      status: 'planned',
      progress: 0,
    });
    const source = await connect(user, letterboxdDiary('ada', films));
    const board = await boardOf(user);
    expect(board.map((block) => [block.title, block.status, block.rating])).toEqual([
      ['Aftersun', 'done', null],
      ['Past Lives', 'done', 4.5],
      ['Perfect Days', 'done', null],
    ]);
    const { results } = await env.DB.prepare(
      'SELECT block_id AS blockId FROM source_items WHERE source_id = ? ORDER BY block_id',
    )
      .bind(source.id)
      .all<{ blockId: number }>();
    expect(results.map((row) => row.blockId).sort()).toEqual(board.map((block) => block.id).sort());
  });

  it('Goodreads: moves a book made by hand instead of making it again', async () => {
    const user = await createUser();
    await createBlock(user, {
      title: 'Dune',
      subtitle: 'Frank Herbert',
      status: 'planned',
      progress: 0,
    });
    await connect(
      user,
      goodreadsShelf('read', [
        { id: '234225', title: 'Dune', author: 'Frank Herbert', shelf: 'read' },
      ]),
    );
    const board = await boardOf(user);
    expect(board.map((block) => [block.title, block.status])).toEqual([['Dune', 'done']]);
  });
});

describe('merging two blocks of one work', () => {
  /** A second block of a work, as boards got them before every writer looked works up. */
  async function duplicateOf(user: TestUser, title: string) {
    const block = await createBlock(user, {
      title: `${title}, before the rule`,
      subtitle: 'Susanna Clarke',
    });
    await env.DB.prepare('UPDATE blocks SET title = ?, works_indexed = 0 WHERE id = ?')
      .bind(title, block.id)
      .run();
    return block;
  }

  it('finds the duplicates a board has, and merges one into the other with its story, clicks and copies', async () => {
    const owner = await createUser();
    const kept = await createBlock(owner, {
      title: 'Piranesi',
      subtitle: 'Susanna Clarke',
      status: 'planned',
      progress: 0,
      review: undefined,
    });
    const from = await duplicateOf(owner, 'Piranesi');
    expectStatus(
      await readJson(
        api(owner).blocks[':id'].$put({ param: { id: String(from.id) }, json: { status: 'done' } }),
      ),
      200,
    );
    const copier = await createUser();
    const copy = await readJson(
      api(copier).blocks[':id'].copy.$post({ param: { id: String(from.id) } }),
    );
    expectStatus(copy, 201);
    await env.DB.batch([
      env.DB.prepare('UPDATE blocks SET click_count = 3 WHERE id = ?').bind(from.id),
      env.DB.prepare('UPDATE blocks SET click_count = 2 WHERE id = ?').bind(kept.id),
      env.DB.prepare(
        "INSERT INTO daily_block_clicks (block_id, board_id, day, clicks) VALUES (?1, ?3, '2026-11-01', 3), (?2, ?3, '2026-11-01', 2)",
      ).bind(from.id, kept.id, owner.id),
    ]);

    const duplicates = await readJson(api(owner).blocks.duplicates.$get());
    expectStatus(duplicates, 200);
    expect(duplicates.body.pairs).toEqual([
      {
        kept: { id: kept.id, title: 'Piranesi', status: 'planned' },
        from: { id: from.id, title: 'Piranesi', status: 'done' },
      },
    ]);

    const merged = await readJson(
      api(owner).blocks[':id'].merge.$post({
        param: { id: String(kept.id) },
        json: { from: from.id },
      }),
    );
    expectStatus(merged, 200);
    expect(merged.body.block).toMatchObject({
      id: kept.id,
      clickCount: 5,
      copyCount: 1,
      status: 'planned',
    });
    expect((await boardOf(owner)).map((block) => block.id)).toEqual([kept.id]);
    const { results: story } = await env.DB.prepare(
      'SELECT kind FROM block_story_events WHERE block_id = ? ORDER BY at, id',
    )
      .bind(kept.id)
      .all<{ kind: string }>();
    expect(story.map((event) => event.kind).sort()).toEqual([
      'added',
      'finished',
      'planned',
      'started',
    ]);
    const clicks = await env.DB.prepare('SELECT clicks FROM daily_block_clicks WHERE block_id = ?')
      .bind(kept.id)
      .first<{ clicks: number }>();
    expect(clicks?.clicks).toBe(5);
    const copied = await env.DB.prepare(
      'SELECT copied_from_block_id AS origin FROM blocks WHERE id = ?',
    )
      .bind(copy.body.block.id)
      .first<{ origin: number }>();
    expect(copied?.origin).toBe(kept.id);
    const after = await readJson(api(owner).blocks.duplicates.$get());
    expectStatus(after, 200);
    expect(after.body.pairs).toEqual([]);
  });

  it('refuses a block merged with itself (400) and a block of another board (404)', async () => {
    const owner = await createUser();
    const mine = await createBlock(owner);
    const theirs = await createBlock(await createUser());
    const merge = (from: number) =>
      readJson(
        api(owner).blocks[':id'].merge.$post({ param: { id: String(mine.id) }, json: { from } }),
      );
    expectStatus(await merge(mine.id), 400);
    const stranger = await merge(theirs.id);
    expectStatus(stranger, 404);
    expect(stranger.body.error).toBe('Both blocks must exist and be yours to merge them.');
  });
});

describe('a block copied from another board', () => {
  it('is refused with 409 when the copier holds its work already', async () => {
    const owner = await createUser();
    const theirs = await createBlock(owner, { ...film, title: 'Perfect Days', subtitle: '2023' });
    const copier = await createUser();
    await createBlock(copier, { ...film, title: 'perfect days', subtitle: undefined });
    const copy = await readJson(
      api(copier).blocks[':id'].copy.$post({ param: { id: String(theirs.id) } }),
    );
    expectStatus(copy, 409);
    const message = '“perfect days” is already on your board, in Now: open it there to change it.';
    expect(copy.body).toEqual({ error: message, fields: { title: message } });
  });

  const hungerGamesInSpanish = [
    storygraphHeader,
    'Los juegos del hambre,Suzanne Collins,,0439023483,paperback,read,2024/02/10,2024/02/20,,1,,,,,,,,,,,,,No',
  ].join('\n');

  async function importedHungerGames() {
    const owner = await createUser();
    await importFile(owner, 'goodreads', file(goodreadsExport, 'goodreads.csv'));
    const book = (await boardOf(owner)).find((block) => block.title.startsWith('The Hunger Games'));
    if (!book) throw new Error('The Goodreads export holds The Hunger Games.');
    return book;
  }

  const copyOf = (copier: TestUser, blockId: number) =>
    readJson(api(copier).blocks[':id'].copy.$post({ param: { id: String(blockId) } }));

  it("keeps the source's ISBN, so a later import of the same book by ISBN finds the copy", async () => {
    const book = await importedHungerGames();
    const copier = await createUser();
    expectStatus(await copyOf(copier, book.id), 201);
    const upload = file(hungerGamesInSpanish, 'storygraph.csv');
    const previewed = await preview(copier, 'storygraph', upload);
    expectStatus(previewed, 200);
    expect(previewed.body).toMatchObject({ newCount: 0, alreadyOnBoard: 1 });
  });

  it('is refused with 409 when the copier holds the same book by ISBN under another title', async () => {
    const book = await importedHungerGames();
    const copier = await createUser();
    await importFile(copier, 'storygraph', file(hungerGamesInSpanish, 'storygraph.csv'));
    const copy = await copyOf(copier, book.id);
    expectStatus(copy, 409);
    expect(copy.body.error).toBe(
      '“Los juegos del hambre” is already on your board, in Done: open it there to change it.',
    );
  });
});
