import { describe, expect, it } from 'vitest';
import {
  apiClient,
  blockPayload,
  call,
  createBlock,
  createUser,
  editBlock,
  expectStatus,
  fetchSettled,
  offContract,
  readJson,
  type TestUser,
  withAppShell,
} from '../../../test/factories';
import goodreadsExport from '../../../test/fixtures/goodreads_library_export.csv?raw';
import reviewsExport from '../../../test/fixtures/reviews.csv?raw';

const ratingRefusal = 'Rating must be from ½ to 5 stars, in half stars.';

async function publicBlocksOf(owner: TestUser) {
  const answer = await readJson(
    apiClient().boards[':username'].$get({ query: {}, param: { username: owner.username } }),
  );
  expectStatus(answer, 200);
  return answer.body.blocks;
}

async function ownBlocksOf(owner: TestUser) {
  const answer = await readJson(apiClient({ token: owner.token }).blocks.me.$get());
  expectStatus(answer, 200);
  return answer.body.blocks;
}

async function createRefused(owner: TestUser, overrides: Record<string, unknown>) {
  const answer = await readJson(
    apiClient({ token: owner.token }).blocks.$post({
      json: offContract({ ...blockPayload(), ...overrides }),
    }),
  );
  expectStatus(answer, 400);
  return answer.body;
}

function importFile(owner: TestUser, source: 'goodreads' | 'letterboxd', file: File) {
  return readJson(
    apiClient({ token: owner.token }).import[':source'].$post({
      param: { source },
      form: { file },
    }),
  );
}

const shell =
  '<!doctype html><html lang="en"><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';

async function pageOf(path: string) {
  const response = await fetchSettled(
    new Request(`http://up2.test${path}`),
    withAppShell(shell).env,
  );
  expect(response.status).toBe(200);
  return response.text();
}

describe('a rating and a review on a block', () => {
  it('are saved with the block, shown to visitors, and cleared with null', async () => {
    const owner = await createUser();
    const block = await createBlock(owner, {
      title: 'Dune',
      rating: 4.5,
      review: 'Slow start,\nthen impossible to put down.',
    });
    expect(block).toMatchObject({
      rating: 4.5,
      review: 'Slow start,\nthen impossible to put down.',
    });
    expect(await publicBlocksOf(owner)).toEqual([
      expect.objectContaining({
        id: block.id,
        rating: 4.5,
        review: 'Slow start,\nthen impossible to put down.',
      }),
    ]);

    const cleared = await editBlock(owner, block.id, { title: 'Dune', rating: null, review: '' });
    expectStatus(cleared, 200);
    expect(cleared.body.block).toMatchObject({ rating: null, review: null });
  });

  it('are optional: a block saved without them has neither', async () => {
    const owner = await createUser();
    const block = await createBlock(owner);
    expect(block).toMatchObject({ rating: null, review: null });
  });

  it('refuses a rating that is not ½ to 5 in half stars, and a review over 500 characters', async () => {
    const owner = await createUser();
    for (const rating of [0, 0.3, 5.5, -1, '4']) {
      const refused = await createRefused(owner, { rating });
      expect(refused.fields?.rating).toBe(ratingRefusal);
    }
    const long = await createRefused(owner, { review: 'a'.repeat(501) });
    expect(long.fields?.review).toBe('Review must be 500 characters or less.');
    expect(await ownBlocksOf(owner)).toEqual([]);
    // 500 is allowed, and so is every half star.
    for (const rating of [0.5, 1, 2.5, 5]) {
      await createBlock(owner, { rating, review: 'a'.repeat(500) });
    }
  });

  it("does not go with a copy: the copier's block starts unrated, without the owner's review", async () => {
    const owner = await createUser();
    const block = await createBlock(owner, { rating: 2, review: 'Not for me.', isWide: true });
    const copier = await createUser();
    const copied = await readJson(
      apiClient({ token: copier.token }).blocks[':id'].copy.$post({
        param: { id: String(block.id) },
      }),
    );
    expectStatus(copied, 201);
    expect(copied.body.block).toMatchObject({ rating: null, review: null, isWide: false });
  });

  it('is drawn on the card of the board page, as stars read in words', async () => {
    const owner = await createUser();
    await createBlock(owner, { title: 'Dune', rating: 3.5, review: 'Spice <must> flow.' });
    const html = await pageOf(`/@${owner.username}`);
    expect(html).toContain('Rated 3.5 out of 5');
    expect(html).toContain('--rating:70%');
    expect(html).toContain(
      '<blockquote class="block-card-review">Spice &lt;must&gt; flow.</blockquote>',
    );
  });

  it('is told by the feeds as text', async () => {
    const owner = await createUser();
    await createBlock(owner, {
      title: 'Dune',
      subtitle: 'Frank Herbert',
      rating: 4.5,
      review: 'Epic.',
    });
    const atom = await call('GET', `/@${owner.username}/feed.xml`);
    expect(atom.status).toBe(200);
    expect(await atom.text()).toContain('Frank Herbert · ★★★★½ (Rated 4.5 out of 5) · “Epic.”');
    const json = await call('GET', `/@${owner.username}/feed.json`);
    const feed = (await json.json()) as { items: { content_html?: string; summary?: string }[] };
    expect(JSON.stringify(feed.items[0])).toContain('★★★★½ (Rated 4.5 out of 5) · “Epic.”');
  });
});

describe('imports carry ratings and reviews', () => {
  it("takes Goodreads' My Rating and My Review, and leaves a 0 unrated", async () => {
    const owner = await createUser();
    const file = new File([goodreadsExport], 'goodreads_library_export.csv', { type: 'text/csv' });
    expectStatus(await importFile(owner, 'goodreads', file), 200);
    const byTitle = new Map((await ownBlocksOf(owner)).map((block) => [block.title, block]));
    expect(byTitle.get('The Hunger Games (The Hunger Games, #1)')).toMatchObject({
      rating: 4,
      review: `Couldn't put it down.\nRead it in "one" sitting.`,
    });
    expect(byTitle.get('The Great Gatsby')).toMatchObject({ rating: 5, review: null });
    expect(byTitle.get('The Alchemist')).toMatchObject({ rating: null, review: null });
  });

  it("takes Letterboxd's half-star Rating and Review from reviews.csv, as films watched", async () => {
    const owner = await createUser();
    const file = new File([reviewsExport], 'reviews.csv', { type: 'text/csv' });
    const preview = await readJson(
      apiClient({ token: owner.token }).import[':source'].preview.$post({
        param: { source: 'letterboxd' },
        form: { file },
      }),
    );
    expectStatus(preview, 200);
    expect(preview.body.blocks.map((block) => block.rating)).toEqual([4.5, 5]);
    expectStatus(await importFile(owner, 'letterboxd', file), 200);
    expect(
      (await ownBlocksOf(owner)).map(({ title, status, rating, review }) => ({
        title,
        status,
        rating,
        review,
      })),
    ).toEqual([
      {
        title: 'Past Lives',
        status: 'done',
        rating: 4.5,
        review: 'Quiet, and it stayed with me for days.',
      },
      { title: 'Aftersun', status: 'done', rating: 5, review: null },
    ]);
  });
});
