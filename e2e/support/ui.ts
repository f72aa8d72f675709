/// <reference lib="dom" />
// The callbacks passed to page.evaluate run in the browser.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The notification area (Radix toast viewport, "Notifications (F8)"). */
export function notifications(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

export async function expectToast(page: Page, text: string | RegExp) {
  await expect(notifications(page).getByText(text).first()).toBeVisible();
}

/** A tab such as "Now" whose name carries its count: "Now 1", "Now1" or "Now (1)". */
export function tabWithCount(name: string, count: number) {
  return new RegExp(`^\\s*${name}\\W*${count}\\W*$`);
}

/** A board's status tab: a radio of the "Status" group, so it works with no script. */
export function boardTab(page: Page, name: 'Now' | 'Planned' | 'Done') {
  return page
    .getByRole('group', { name: 'Status' })
    .getByRole('radio', { name: new RegExp(`^\\s*${name}\\b`) });
}

/** What a board's status tab shows (its cards and empty state). */
export function boardPanel(page: Page, name: 'Now' | 'Planned' | 'Done') {
  return page.locator(`[data-panel="${name.toLowerCase()}"]`);
}

/** A board's category filter: radios of the "Filter by category" group. */
export function categoryFilter(page: Page) {
  return page.getByRole('group', { name: 'Filter by category' });
}

/** Fails when the page scrolls sideways at its current width. */
export async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: (document.scrollingElement ?? document.documentElement).scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.scroll, 'page wider than the screen').toBeLessThanOrEqual(widths.viewport);
}

/**
 * Opens a page and waits until React has drawn or hydrated it. A page the server renders (`/`, a
 * board) starts the app at once only for a signed-in person; a signed-out reader's never does
 * until they act, so for them open it with `page.goto`.
 */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  // React tags each element it hydrates with its props; the screen's <main> comes last.
  await page.waitForFunction(() => {
    const main = document.querySelector('#root main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactProps$'));
  });
}
