import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { expectToast, gotoHydrated } from './support/ui';
import { createUser, signInWithToken } from './support/users';

test('a private board is hidden from visitors and Discover until it is made public again', async ({
  page,
  newPage,
  request,
}) => {
  // Two people, eight pages and two searches: 29 s on a quiet machine, past 60 s on a loaded one.
  test.slow();
  const marker = `Quillon${Date.now().toString(36)}`;
  const owner = await createUser(request, {
    prefix: 'private',
    listed: true,
    displayName: `${marker} Private`,
  });
  await createBlock(request, owner, {
    title: 'Secret garden plans',
    category: 'lifestyle',
    type: 'gardening-plants',
  });
  await signInWithToken(page, owner);
  await page.goto('/dashboard');

  const privacy = page.getByRole('switch', { name: 'Public board' });
  await expect(privacy).toBeChecked();
  await privacy.click();
  await expectToast(page, 'Your board is now private');
  await expect(privacy).not.toBeChecked();

  const visitor = await newPage();
  await visitor.goto(`/@${owner.username}`);
  await expect(visitor.getByText('Board Not Found')).toBeVisible();
  await expect(
    visitor.getByText("This user doesn't exist or their board is private."),
  ).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Go Back' })).toBeVisible();
  await expect(visitor.getByText('Secret garden plans', { exact: true })).toBeHidden();

  await visitor.goto('/discover');
  const search = visitor.getByRole('searchbox', { name: 'Search boards' });
  await search.fill(marker);
  await expect(visitor.getByText('No results found')).toBeVisible();

  // The owner still sees their own private board.
  await gotoHydrated(page, `/@${owner.username}`);
  await expect(page.getByText('Secret garden plans', { exact: true })).toBeVisible();

  await page.goto('/dashboard');
  await page.getByRole('switch', { name: 'Public board' }).click();
  await expectToast(page, 'Your board is now public');
  await expect(page.getByRole('switch', { name: 'Public board' })).toBeChecked();

  await visitor.goto(`/@${owner.username}`);
  await expect(visitor.getByText('Secret garden plans', { exact: true })).toBeVisible();
  await visitor.goto('/discover');
  await search.fill(marker);
  await expect(visitor.getByRole('status').filter({ hasText: /board/ })).toHaveText('1 board');
});
