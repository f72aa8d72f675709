import { bookTitles, createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { boardPanel } from './support/ui';
import { createUser, signInWithToken } from './support/users';

// More than the first page of a tab a board's answer carries (tabPageSize, 60).
const bookCount = 63;
const titles = bookTitles(bookCount);

test("a board's owner follows Next page on their own board and sees the tab's next page", async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await createUser(request, { prefix: 'pages' });
  for (const title of titles) await createBlock(request, owner, { title, status: 'done' });
  await signInWithToken(page, owner);
  await page.goto(`/@${owner.username}`);
  await page.getByRole('radio', { name: /^\s*Done\b/ }).check();
  const doneTitles = boardPanel(page, 'Done').locator('h3');
  await expect(doneTitles).toHaveCount(60);

  await boardPanel(page, 'Done').getByRole('link', { name: 'Next page' }).click();
  // The owner's app asks for the page the address names, not the first pages again.
  await expect(doneTitles).toHaveText(titles.slice(60));
  await expect(boardPanel(page, 'Done').getByRole('link', { name: 'First page' })).toBeVisible();
});
