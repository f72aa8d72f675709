/// <reference lib="dom" />
// The callbacks passed to page.evaluate and addInitScript run in the browser.
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { isDrawnDark } from './support/ui';
import { createUser, signInWithToken } from './support/users';

declare global {
  interface Window {
    /** `<html data-theme>` once the page was parsed, before any module script had run. */
    __themeWhenParsed?: string | null;
  }
}

/** Notes the page's scheme mark when parsing ends: what the head's own script decided. */
async function noteThemeWhenParsed(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        window.__themeWhenParsed = document.documentElement.getAttribute('data-theme');
      }
    });
  });
}

async function chooseTheme(page: Page, choice: 'Light' | 'Dark' | 'System') {
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: choice }).click();
}

test.use({ colorScheme: 'light' });

test('a visitor chooses Dark on a board, and every page on the device opens dark before it paints', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'dark' });
  await createBlock(request, owner, {
    title: 'Night reading',
    externalUrl: 'https://example.com/n',
  });
  await noteThemeWhenParsed(page);

  await page.goto(`/@${owner.username}`);
  await expect(page.getByRole('heading', { name: 'Night reading' })).toBeVisible();
  expect(await isDrawnDark(page)).toBe(false);

  // Pressed on the page drawn by the server: the app starts and opens the menu.
  await chooseTheme(page, 'Dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await isDrawnDark(page)).toBe(true);
  await page.keyboard.press('Escape');
  await expectNoSeriousA11yViolations(page, 'the board, dark');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Night reading' })).toBeVisible();
  expect(await page.evaluate(() => window.__themeWhenParsed)).toBe('dark');
  expect(await isDrawnDark(page)).toBe(true);

  // A page of the app served as a static file: its CSP lets the same head script run.
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toBeVisible();
  expect(await page.evaluate(() => window.__themeWhenParsed)).toBe('dark');
  expect(await isDrawnDark(page)).toBe(true);
  await expectNoSeriousA11yViolations(page, '/auth, dark');

  await page.getByRole('button', { name: 'Theme' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await isDrawnDark(page)).toBe(false);
});

test('System follows the device as it changes, and Light holds against a dark system', async ({
  page,
}) => {
  await page.goto('/discover');
  await expect(page.getByRole('heading', { name: 'Discover Boards' })).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await isDrawnDark(page)).toBe(true);
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await isDrawnDark(page)).toBe(false);

  await page.emulateMedia({ colorScheme: 'dark' });
  await chooseTheme(page, 'Light');
  expect(await isDrawnDark(page)).toBe(false);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Discover Boards' })).toBeVisible();
  expect(await isDrawnDark(page)).toBe(false);

  await chooseTheme(page, 'System');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme');
  expect(await isDrawnDark(page)).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('up2.theme'))).toBeNull();
});

test("an owner's dark dashboard, dialog and chart read well, and a second tab follows the choice", async ({
  page,
  context,
  request,
}) => {
  test.slow();
  const owner = await createUser(request, { prefix: 'darkdash' });
  await createBlock(request, owner, { title: 'Dark block', externalUrl: 'https://example.com/d' });
  await signInWithToken(page, owner);
  await page.goto('/dashboard');
  await expect(page.getByText('Dark block', { exact: true })).toBeVisible();
  const other = await context.newPage();
  await other.goto(`/@${owner.username}`);
  await expect(other.getByRole('heading', { name: 'Dark block' })).toBeVisible();

  await chooseTheme(page, 'Dark');
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.keyboard.press('Escape');
  await expectNoSeriousA11yViolations(page, '/dashboard, dark');

  await page.getByText('Dark block', { exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Activity Block' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the Edit Activity Block dialog, dark');
});
