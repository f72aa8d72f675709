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

/**
 * Fails when the page scrolls sideways at its current width, once it has settled: no request in
 * flight for half a second (lazy parts such as the dashboard's chart have arrived), then a frame
 * drawn. It names the elements where the overflow starts, so a failure says what pushed it out.
 */
export async function expectNoHorizontalScroll(page: Page) {
  await page.waitForLoadState('networkidle');
  const overflow = await page.evaluate(async () => {
    await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
    const screen = window.innerWidth;
    const width = (document.scrollingElement ?? document.documentElement).scrollWidth;
    if (width <= screen) return null;
    const describe = (element: Element) =>
      [element.tagName.toLowerCase(), element.id && `#${element.id}`, element.className]
        .filter((part) => typeof part === 'string' && part)
        .join(' ')
        .slice(0, 160);
    // Where the overflow starts: the innermost elements whose content (their own text included)
    // reaches past the edge. What a screen-reader-only box holds is clipped, and left out.
    const reachesPast = (element: Element) =>
      element.getBoundingClientRect().left + element.scrollWidth > screen + 0.5;
    const reaching = [...document.body.querySelectorAll('*')].filter(
      (element) => !element.closest('.sr-only') && reachesPast(element),
    );
    const past = reaching
      .filter((element) => !reaching.some((other) => other !== element && element.contains(other)))
      .slice(0, 5)
      .map(
        (element) =>
          `${describe(element)} (reaching ${element.getBoundingClientRect().left + element.scrollWidth})`,
      );
    return `${width} px wide on a ${screen} px screen: ${past.join('; ')}`;
  });
  expect(overflow, 'the page scrolls sideways').toBeNull();
}

/**
 * Opens a page and waits until React has drawn or hydrated it. A page the server renders (`/`, a
 * board) starts the app at once only for a signed-in person; a signed-out reader's never does
 * until they act, so for them open it with `page.goto`.
 */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await waitForApp(page);
}

/** Waits until React has drawn or hydrated the page's screen. */
export async function waitForApp(page: Page) {
  // React tags each element it hydrates with its props; the screen's <main> comes last.
  await page.waitForFunction(() => {
    const main = document.querySelector('#root main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactProps$'));
  });
}

/** A computed colour's lightness from 0 to 1: Tailwind's palette is OKLCH, others are sRGB. */
export function lightness(color: string): number {
  const [first = 0, second = 0, third = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
  return color.startsWith('oklch(') ? first : (first + second + third) / 765;
}

/** Whether the page is drawn dark: its body's background, as painted. */
export async function isDrawnDark(page: Page): Promise<boolean> {
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  return lightness(background) < 0.5;
}
