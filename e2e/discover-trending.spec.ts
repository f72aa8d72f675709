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
  const owner = await createUser(request, { prefix: 'trend', displayName: `${marker} Host` });
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
