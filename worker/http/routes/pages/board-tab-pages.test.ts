import { describe, expect, it } from 'vitest';
import { tabPageSize } from '../../../../schema/board-pages';
import { bigBoard, publicTitles, type Status, statuses } from '../../../test/big-board';
import { createUser, fetchSettled, seedBlocks, withAppShell } from '../../../test/factories';

// The built index.html, as far as these pages care: the root the board is drawn into, a stylesheet.
const shell = `<!doctype html><html lang="en"><head>
<link rel="stylesheet" crossorigin href="/assets/index-css1.css">
</head><body><div id="root"></div></body></html>`;

let visitors = 0;

/** A page as the Worker answers it to a new visitor, with no script run. */
async function load(path: string) {
  visitors += 1;
  const address = `10.96.${Math.floor(visitors / 250)}.${visitors % 250}`;
  const response = await fetchSettled(
    new Request(`http://up2.test${path}`, { headers: { 'cf-connecting-ip': address } }),
    withAppShell(shell).env,
  );
  expect(response.status, path).toBe(200);
  return response.text();
}

const unescapeAmpersands = (text: string) => text.replaceAll('&amp;', '&');

/** The markup of one tab's panel. */
function panel(html: string, status: Status): string {
  const start = html.indexOf(`<div data-panel="${status}"`);
  expect(start).toBeGreaterThan(-1);
  const next = html.indexOf('<div data-panel=', start + 1);
  return html.slice(start, next === -1 ? undefined : next);
}

/** The titles a panel's cards show, in order. */
function titlesIn(markup: string): string[] {
  return [
    ...new Set([...markup.matchAll(/>((?:now|planned|done) \d+)</g)].map(([, t]) => t ?? '')),
  ];
}

/** The count a tab's choice shows beside its name. */
function tabCount(html: string, status: Status): number {
  const match = new RegExp(
    `data-status-choice="${status}"[^>]*/>[^<]*<span[^>]*>(\\d+)</span>`,
  ).exec(html);
  return Number(match?.[1]);
}

/** The address of a link in a panel, by its words. */
function linkIn(markup: string, words: string): string | null {
  const match = new RegExp(`<a href="([^"]+)"[^>]*>${words}</a>`).exec(markup);
  return match?.[1] ? unescapeAmpersands(match[1]) : null;
}

/** A tab's cards on every page, from `first`, following Next page to the last. */
async function followPages(first: string, status: Status) {
  let html = await load(first);
  const titles = titlesIn(panel(html, status));
  let next = linkIn(panel(html, status), 'Next page');
  while (next !== null) {
    html = await load(next);
    const shown = titlesIn(panel(html, status));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThanOrEqual(tabPageSize);
    titles.push(...shown);
    expect(linkIn(panel(html, status), 'First page')).toBe(first);
    next = linkIn(panel(html, status), 'Next page');
  }
  return titles;
}

describe.each([
  { name: 'the board page', address: (username: string) => `/@${username}` },
  { name: 'the embed', address: (username: string) => `/embed/@${username}?theme=dark` },
])('$name of a board of 250 blocks', ({ address }) => {
  it("shows each tab's first page, counted with the tab's true total, and a link to the next", async () => {
    const rows = bigBoard();
    const user = await createUser();
    await seedBlocks(user, rows);
    const html = await load(address(user.username));
    for (const status of statuses) {
      const all = publicTitles(rows, status);
      expect(titlesIn(panel(html, status))).toEqual(all.slice(0, tabPageSize));
      expect(tabCount(html, status)).toBe(all.length);
      const next = linkIn(panel(html, status), 'Next page');
      if (all.length <= tabPageSize) expect(next).toBeNull();
      else
        expect(next).toMatch(
          new RegExp(`^${address(user.username).replace('?', '\\?')}.*[?&]${status}=`),
        );
    }
  });

  it('leads, link by link and with no script, through every public block of a tab once, in order', async () => {
    const rows = bigBoard();
    const user = await createUser();
    await seedBlocks(user, rows);
    for (const status of ['done', 'planned'] as const) {
      const html = await load(address(user.username));
      expect(titlesIn(panel(html, status))).toHaveLength(tabPageSize);
      expect(await followPages(address(user.username), status)).toEqual(publicTitles(rows, status));
    }
  });
});
