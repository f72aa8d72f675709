import { bookTitles, createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { boardPanel, boardTab, tabWithCount } from './support/ui';
import { createUser, signInWithToken } from './support/users';

// One more block than the first page of a tab holds (tabPageSize, 60), and a few.
const bookCount = 65;
const titles = bookTitles(bookCount);

test('a tab longer than a page loads the rest with Load More, and a move there sends one block', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await createUser(request, { prefix: 'longtab' });
  const ids: number[] = [];
  for (const title of titles) {
    ids.push((await createBlock(request, owner, { title, status: 'done', progress: 100 })).id);
  }
  await signInWithToken(page, owner);
  await page.goto('/dashboard');

  const doneTitles = boardPanel(page, 'Done').locator('h3');
  await expect(doneTitles).toHaveCount(60, { timeout: 30_000 });
  await expect(boardTab(page, 'Done')).toHaveAccessibleName(tabWithCount('Done', bookCount));
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(doneTitles).toHaveText(titles);
  await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);

  // Book 62, from the page Load More brought, carried one place back from the keyboard: one
  // block's move, nothing else. (Its place is off the grid's first column, whatever its width.)
  const orders: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/blocks/order')) orders.push(sent.url());
  });
  const moved = page.waitForRequest(
    (sent) => sent.method() === 'PUT' && sent.url().endsWith(`/api/blocks/${ids[61]}/position`),
  );
  await page.getByRole('button', { name: 'Move Book 62' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up Book 62, at position 62 of 65 in Done.')).toBeAttached();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText('Book 62 is now at position 61 of 65 in Done.')).toBeAttached();
  await page.keyboard.press('Space');
  expect((await moved).postDataJSON()).toEqual({ status: 'done', after: ids[59] });
  const reordered = [...titles.slice(0, 60), 'Book 62', 'Book 61', ...titles.slice(62)];
  await expect(doneTitles).toHaveText(reordered);
  expect(orders).toEqual([]);

  await page.reload();
  await expect(doneTitles).toHaveCount(60, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(doneTitles).toHaveText(reordered);
});
