import type { APIRequestContext } from '@playwright/test';
import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { createUser, type TestUser } from './support/users';

async function copyBlock(request: APIRequestContext, blockId: number, copier: TestUser) {
  const response = await request.post(`/api/blocks/${blockId}/copy`, {
    headers: { authorization: `Bearer ${copier.token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('the category filter narrows the trending row and the boards, and stays in the shared link', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const marker = `Meeple${stamp}`;
  const owner = await createUser(request, {
    prefix: 'trend',
    listed: true,
    displayName: `${marker} Host`,
  });
  // Its copies carry the title too: the search below is for the owner's name alone.
  const title = `Tabletop${stamp} game nights`;
  const block = await createBlock(request, owner, {
    title,
    category: 'social',
    type: 'events-meetups',
    status: 'planned',
    progress: 0,
  });
  for (const prefix of ['copya', 'copyb']) {
    await copyBlock(request, block.id, await createUser(request, { prefix }));
  }
  // Trending is ranked by the 10-minute rollup: run it now.
  const rollup = await request.get('/cdn-cgi/handler/scheduled?cron=*/10+*+*+*+*');
  expect(rollup.ok()).toBe(true);

  await page.goto('/discover?category=social');
  const categories = page.getByRole('group', { name: 'Category' });
  await expect(categories.getByRole('radio', { name: 'Social' })).toBeChecked();
  const trending = page.getByRole('region', { name: 'Trending this week' });
  const trendingItem = trending.getByRole('listitem').filter({ hasText: title });
  await expect(trendingItem).toBeVisible();
  await expect(trendingItem.getByText('Copied or started 2 times this week')).toBeVisible();
  await expect(trendingItem.getByRole('link', { name: `@${owner.username}` })).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search boards' });
  await search.fill(marker);
  // The search settles into the address before the category changes: "1 board" alone can be the
  // category's count on a fresh database, before the typed search applies.
  await expect(page).toHaveURL(new RegExp(`q=${marker}`));
  await expect(page.getByRole('status').filter({ hasText: /board/ })).toHaveText('1 board');
  await expect(page.getByRole('article').filter({ hasText: `${marker} Host` })).toBeVisible();

  // Another category: neither the row nor the list holds the board.
  await categories.getByRole('radio', { name: 'Creative' }).check();
  await expect(page).toHaveURL(/category=creative/);
  await expect(page).toHaveURL(new RegExp(`q=${marker}`));
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(trending.getByText(title)).toBeHidden();

  // The link, shared, opens the same Discover.
  await page.goto(`/discover?category=social&q=${marker}`);
  await expect(categories.getByRole('radio', { name: 'Social' })).toBeChecked();
  await expect(search).toHaveValue(marker);
  await expect(page.getByRole('article').filter({ hasText: `${marker} Host` })).toBeVisible();

  // All: every category again, and Clear Search clears the search and the category.
  await categories.getByRole('radio', { name: 'Creative' }).check();
  await expect(page.getByText('No results found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(categories.getByRole('radio', { name: 'All' })).toBeChecked();
  await expect(search).toHaveValue('');
  await expect(page).toHaveURL(/\/discover$/);
});

/** The height of each card of each row of `cards`, rows told apart by their tops. */
function rowsOfHeights(boxes: { y: number; height: number }[]): number[][] {
  const rows = new Map<number, number[]>();
  for (const box of boxes) {
    const top = Math.round(box.y);
    rows.set(top, [...(rows.get(top) ?? []), Math.round(box.height)]);
  }
  return [...rows.values()];
}

test('a search hides Trending; a card shows six blocks and "+N more"; the grid is even at every width', async ({
  page,
  request,
}) => {
  const marker = `Evengrid${Date.now().toString(36)}`;
  const many = await createUser(request, {
    prefix: 'manyblk',
    listed: true,
    displayName: `${marker} Many`,
  });
  const blocks = [];
  for (let index = 1; index <= 8; index += 1) {
    blocks.push(
      await createBlock(request, many, {
        title: `Shelf item ${index}`,
        description:
          index === 1 ? 'A long description that makes this card taller. '.repeat(4) : undefined,
      }),
    );
  }
  const few = await createUser(request, {
    prefix: 'fewblk',
    listed: true,
    displayName: `${marker} Few`,
  });
  await createBlock(request, few, { title: 'Only one' });
  // Four in the row at least (three of these, the tall one first), so it scrolls on a phone.
  for (const block of [blocks[0], ...blocks.slice(0, 3)]) {
    if (block)
      await copyBlock(request, block.id, await createUser(request, { prefix: 'evencopy' }));
  }
  expect((await request.get('/cdn-cgi/handler/scheduled?cron=*/10+*+*+*+*')).ok()).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/discover');
  const trending = page.getByRole('region', { name: 'Trending this week' });
  await expect(trending).toBeVisible();
  // Scrolled along, the card that snaps into place keeps the page's margin.
  const row = trending.getByRole('list');
  await row.evaluate((list) => list.scrollTo({ left: 240 }));
  await expect
    .poll(() =>
      row.evaluate((list) =>
        Math.min(
          ...[...list.children]
            .map((item) => item.getBoundingClientRect().left)
            .filter((left) => left >= -1),
        ),
      ),
    )
    .toBeGreaterThanOrEqual(12);
  // No card is stretched to another's height.
  const bands = await row.evaluate((list) =>
    [...list.children].map((item) => {
      const last = item.lastElementChild?.getBoundingClientRect().bottom ?? 0;
      return Math.round(item.getBoundingClientRect().bottom - last);
    }),
  );
  expect(Math.max(...bands)).toBeLessThanOrEqual(1);

  const search = page.getByRole('searchbox', { name: 'Search boards' });
  await search.fill(marker);
  await expect(page.getByRole('status').filter({ hasText: /board/ })).toHaveText('2 boards');
  await expect(trending).toHaveCount(0);
  const manyCard = page.getByRole('article').filter({ hasText: `${marker} Many` });
  await expect(manyCard.getByRole('listitem')).toHaveCount(6);
  await expect(manyCard.getByRole('link', { name: /^2 more/ })).toHaveText('+2 more');
  await expect(manyCard.getByRole('link', { name: /^2 more/ })).toHaveAttribute(
    'href',
    `/@${many.username}`,
  );

  for (const width of [390, 700, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // The boards' cards (each opens with its owner), not the block cards inside them.
    const boxes = await page
      .locator('article:has(> header)')
      .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().toJSON()));
    for (const heights of rowsOfHeights(boxes)) {
      expect(
        Math.max(...heights) - Math.min(...heights),
        `a row at ${width} px`,
      ).toBeLessThanOrEqual(1);
    }
  }

  await search.fill(`${marker}nothing`);
  await expect(page.getByText('No results found')).toBeInViewport();
});
