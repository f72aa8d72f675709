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

export function boardTab(page: Page, name: 'Now' | 'Planned' | 'Done') {
  return page.getByRole('tab', { name: new RegExp(`^\\s*${name}\\b`) });
}

/** Fails when the page scrolls sideways at its current width. */
export async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.scroll, 'page wider than the screen').toBeLessThanOrEqual(widths.viewport);
}
