import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { createUser } from './support/users';

test('searching Discover finds a board by name and counts it; an empty board and nonsense find nothing', async ({
  page,
  request,
}) => {
  const marker = `Zephyrine${Date.now().toString(36)}`;
  const owner = await createUser(request, {
    prefix: 'disc',
    listed: true,
    displayName: `${marker} Quill`,
  });
  await createBlock(request, owner, { title: 'Watercolour basics', subtitle: 'Week 3' });
  const bare = await createUser(request, {
    prefix: 'bare',
    listed: true,
    displayName: `${marker} Bare`,
  });

  await page.goto('/discover');
  await expect(page.getByRole('heading', { name: 'Discover Boards' })).toBeVisible();
  await expect(page.getByText('See what people are up to')).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search boards' });

  // Case-insensitive match on the display name.
  await search.fill(`${marker.toLowerCase()} quill`);
  await expect(page.getByRole('status').filter({ hasText: /board/ })).toHaveText('1 board');
  const card = page.getByRole('article').filter({
    has: page.getByRole('heading', { name: `${marker} Quill` }),
  });
  await expect(card.getByRole('link', { name: `@${owner.username}` })).toBeVisible();
  await expect(card.getByText('Watercolour basics', { exact: true })).toBeVisible();
  await expect(card.getByText('Week 3', { exact: true })).toBeVisible();

  // A username matches too, but a board without blocks is not listed.
  await search.fill(owner.username);
  await expect(page.getByRole('status').filter({ hasText: /board/ })).toHaveText('1 board');
  await search.fill(bare.username);
  await expect(page.getByText('No results found')).toBeVisible();
  await search.fill(marker);
  await expect(page.getByRole('status').filter({ hasText: /board/ })).toHaveText('1 board');
  await expect(page.getByRole('article').filter({ hasText: `${marker} Bare` })).toBeHidden();

  await search.fill('qqxxzz nothing like this');
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(page.getByText('Try different keywords')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByText('No results found')).toBeHidden();
});

test("a Discover card shows its owner's tagline and leads to the public board", async ({
  page,
  request,
}) => {
  const marker = `Brindlewood${Date.now().toString(36)}`;
  const owner = await createUser(request, { prefix: 'card', listed: true, displayName: marker });
  const profile = await request.put('/api/auth/me', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { tagline: 'Throwing pots every Sunday' },
  });
  expect(profile.status()).toBe(200);
  await createBlock(request, owner, { title: 'Brindle pottery' });
  await page.goto('/discover');
  await page.getByRole('searchbox', { name: 'Search boards' }).fill(marker);
  await expect(page.getByRole('status').filter({ hasText: /board/ })).toHaveText('1 board');
  await expect(
    page.getByRole('article').filter({ hasText: marker }).getByText('Throwing pots every Sunday'),
  ).toBeVisible();
  await page.getByRole('link', { name: `@${owner.username}` }).click();
  await expect(page).toHaveURL(new RegExp(`/@${owner.username}$`));
  await expect(page.getByRole('heading', { name: marker })).toBeVisible();
});
