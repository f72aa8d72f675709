import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { gotoHydrated } from './support/ui';
import { createUser, signInWithToken } from './support/users';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const pageHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

test('moving to another screen focuses its heading, and the next Tab starts in the screen; a first load leaves focus alone', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'headfocus' });
  await signInWithToken(page, owner);

  await gotoHydrated(page, '/dashboard');
  await expect(pageHeading(page)).toBeVisible();
  await expect(pageHeading(page), 'no focus moved on a first load').not.toBeFocused();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

  await mainNav(page).getByRole('link', { name: 'Discover' }).click();
  await expect(page).toHaveURL(/\/discover$/);
  await expect(pageHeading(page)).toBeFocused();

  // From the keyboard: Enter on a link of the bar, then Tab goes on inside the new screen.
  await mainNav(page).getByRole('link', { name: 'My Board' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/@${owner.username}$`));
  const boardHeading = page.getByRole('heading', { level: 1, name: owner.displayName });
  await expect(boardHeading).toBeFocused();
  const outline = await boardHeading.evaluate((heading) => getComputedStyle(heading).outlineStyle);
  expect(outline, 'the focused heading draws no ring').toBe('none');
  await page.keyboard.press('Tab');
  const inNav = await page.evaluate(
    () => document.activeElement?.closest('nav[aria-label="Main"]') !== null,
  );
  expect(inNav, 'Tab after the move stays in the screen').toBe(false);

  // Back in history counts as a move too.
  await page.goBack();
  await expect(page).toHaveURL(/\/discover$/);
  await expect(pageHeading(page)).toBeFocused();
});
