import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import type { CurrentUser } from '../../../lib/current-user';
import { answerApi } from '../../../test/api-answers';
import { renderInApp } from '../../../test/render-in-app';
import { AccountSettings } from './account-settings';

const user = { username: 'ada', email: 'ada@example.com', emailOptIn: false } as CurrentUser;

/** The server's side: each export answers a file under its name; the other sections, nothing. */
function exportServer() {
  return answerApi(({ path }) => {
    const name = `${path.replace(/\W+/g, '-')}.bin`;
    if (path.startsWith('/api/account/export')) {
      return new Response('file', {
        headers: { 'content-disposition': `attachment; filename="${name}"` },
      });
    }
    return Response.json({ tokens: [], passkeys: [] });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('your data in account settings', () => {
  it('downloads each export under the name the server gives: the ZIP, films and watchlist for Letterboxd, books for Goodreads', async () => {
    const calls = exportServer();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    await renderInApp(<AccountSettings user={user} blockCount={0} />);
    const buttons = [
      'Download Everything as ZIP',
      'Films for Letterboxd',
      'Watchlist for Letterboxd',
      'Books for Goodreads',
    ];
    for (const [index, name] of buttons.entries()) {
      await page.getByRole('button', { name, exact: true }).click();
      await expect.poll(() => saved.length).toBe(index + 1);
    }
    expect(
      calls.filter((call) => call.path.startsWith('/api/account/export')).map((call) => call.path),
    ).toEqual([
      '/api/account/export/archive',
      '/api/account/export/letterboxd',
      '/api/account/export/letterboxd?list=watchlist',
      '/api/account/export/goodreads',
    ]);
    expect(saved).toEqual([
      '-api-account-export-archive.bin',
      '-api-account-export-letterboxd.bin',
      '-api-account-export-letterboxd-list-watchlist.bin',
      '-api-account-export-goodreads.bin',
    ]);
  });
});
