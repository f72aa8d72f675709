import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { boardPanel } from './support/ui';
import { createUser, signInWithToken } from './support/users';

test('an owner puts their blocks in order from the keyboard and visitors see that order', async ({
  page,
  request,
  newPage,
}) => {
  const owner = await createUser(request, { prefix: 'arrange' });
  for (const title of ['First light', 'Second wind', 'Third act']) {
    await createBlock(request, owner, { title });
  }
  await signInWithToken(page, owner);
  await page.goto('/dashboard');

  // The dashboard's first load brings the whole app: on a busy machine it takes a while.
  const handle = page.getByRole('button', { name: 'Move Third act' });
  await expect(handle).toBeVisible({ timeout: 30_000 });
  const nowTitles = boardPanel(page, 'Now').locator('h3');
  await expect(nowTitles).toHaveText(['First light', 'Second wind', 'Third act']);

  // Picked up with space, carried two places back with the arrows, dropped with space.
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up Third act, at position 3 of 3 in Now.')).toBeAttached();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText('Third act is now at position 2 of 3 in Now.')).toBeAttached();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText('Third act is now at position 1 of 3 in Now.')).toBeAttached();
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/position') && response.status() === 200,
  );
  await page.keyboard.press('Space');
  await expect(page.getByText('Third act dropped at position 1 of 3 in Now.')).toBeAttached();
  await expect(nowTitles).toHaveText(['Third act', 'First light', 'Second wind']);
  await saved;
  await expect(handle).toBeFocused();

  const visitor = await newPage();
  await visitor.goto(`/@${owner.username}`);
  await expect(boardPanel(visitor, 'Now').locator('h3')).toHaveText([
    'Third act',
    'First light',
    'Second wind',
  ]);

  await page.reload();
  await expect(nowTitles).toHaveText(['Third act', 'First light', 'Second wind']);
});
