/// <reference lib="dom" />
// The callbacks passed to page.evaluate run in the browser.
import type { Locator, Page } from '@playwright/test';
import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { expectNoHorizontalScroll, gotoHydrated } from './support/ui';
import { createUser, signInWithToken } from './support/users';

const widths = [320, 360];

/** The dashboard's chart, as screen readers get it: drawn last, after its library has loaded. */
function dailyChartTable(page: Page) {
  return page.getByRole('table', { name: /Views and clicks of your board/ });
}

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** On screen, whole: not pushed past the right edge, where a phone cannot scroll to it. */
async function expectWithinScreen(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'has a box').not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

/** Tab reaches "Skip to content" first; it moves focus past the navigation into the screen. */
async function expectSkipLink(page: Page) {
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expectWithinScreen(page, skip);
  await page.keyboard.press('Enter');
  await expect(page.locator('#content')).toBeFocused();
  await page.keyboard.press('Tab');
  const nextInNav = await page.evaluate(
    () => document.activeElement?.closest('nav[aria-label="Main"]') !== null,
  );
  expect(nextInNav, 'Tab after the skip link leaves the navigation behind').toBe(false);
}

for (const width of widths) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 740 } });

    test('signed out: no sideways scroll, every nav action on screen, and a skip link', async ({
      page,
    }) => {
      // The landing page reads without the app for a signed-out visitor; the others are the app's.
      await page.goto('/');
      await expectNoHorizontalScroll(page);
      for (const path of ['/discover', '/auth']) {
        await gotoHydrated(page, path);
        await expectNoHorizontalScroll(page);
      }
      await page.goto('/');
      await expectSkipLink(page);
      const nav = mainNav(page);
      for (const name of ['Up2', 'Discover', 'Sign In', 'Get Started']) {
        await expectWithinScreen(page, nav.getByRole('link', { name, exact: true }));
      }
      await expectWithinScreen(page, nav.getByRole('button', { name: 'Theme' }));
      await nav.getByRole('link', { name: 'Get Started' }).click();
      await expect(page).toHaveURL(/\/auth$/);
      await nav.getByRole('link', { name: 'Discover' }).click();
      await expect(page.getByRole('heading', { name: 'Discover Boards' })).toBeVisible();
      await expectNoHorizontalScroll(page);
    });

    test('signed in: no sideways scroll, and Dashboard, My Board and Sign Out in a menu', async ({
      page,
      request,
    }) => {
      // A name that is one long word: wherever it is shown, it wraps instead of widening the page.
      const owner = await createUser(request, {
        prefix: `narrow${width}`,
        displayName: 'Bartholomewfeatherstonehaugh-Worthington',
      });
      await createBlock(request, owner, { title: 'A block on a phone' });
      await signInWithToken(page, owner);
      for (const path of ['/', '/discover', '/dashboard', `/@${owner.username}`]) {
        await gotoHydrated(page, path);
        if (path === '/dashboard') await expect(dailyChartTable(page)).toBeAttached();
        await expectNoHorizontalScroll(page);
      }
      await gotoHydrated(page, '/discover');
      await expectSkipLink(page);

      const nav = mainNav(page);
      await expectWithinScreen(page, nav.getByRole('link', { name: 'Discover' }));
      const menu = nav.getByRole('button', { name: 'Menu' });
      await expectWithinScreen(page, menu);
      await expectWithinScreen(page, nav.getByRole('button', { name: 'Theme' }));

      await menu.click();
      const dashboard = page.getByRole('menuitem', { name: 'Dashboard' });
      await expectWithinScreen(page, dashboard);
      await expectWithinScreen(page, page.getByRole('menuitem', { name: 'My Board' }));
      await expectWithinScreen(page, page.getByRole('menuitem', { name: 'Sign Out' }));
      await dashboard.click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(dailyChartTable(page)).toBeAttached();
      await expectNoHorizontalScroll(page);

      // The keyboard opens it too, and Escape closes it onto its button.
      await menu.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitem', { name: 'My Board' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
      await expect(menu).toBeFocused();

      await menu.click();
      await page.getByRole('menuitem', { name: 'My Board' }).click();
      await expect(page).toHaveURL(new RegExp(`/@${owner.username}$`));
      await expect(page.getByText('A block on a phone', { exact: true })).toBeVisible();

      await menu.click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
      await expect(menu).toBeHidden();
      await expectNoHorizontalScroll(page);
    });
  });
}

test('from the small breakpoint up, the signed-in links sit in the bar, with no menu', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'widenav' });
  await signInWithToken(page, owner);
  await page.setViewportSize({ width: 640, height: 740 });
  await gotoHydrated(page, '/discover');
  const nav = mainNav(page);
  for (const name of ['Discover', 'Dashboard', 'My Board']) {
    await expectWithinScreen(page, nav.getByRole('link', { name, exact: true }));
  }
  await expectWithinScreen(page, nav.getByRole('button', { name: 'Sign Out' }));
  await expect(nav.getByRole('button', { name: 'Menu' })).toBeHidden();
  await expectNoHorizontalScroll(page);
});
