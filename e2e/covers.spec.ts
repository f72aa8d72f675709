import { encode as encodePng } from 'fast-png';
import { startOutsideSite } from '../worker/dev/outside-site';
import { expect, test } from './support/fixtures';
import { boardPanel, boardTab, expectToast } from './support/ui';
import { createUser, signInWithToken } from './support/users';

function posterPng() {
  const data = new Uint8Array(40 * 60 * 3).map((_, i) => (i * 5) % 256);
  return Buffer.from(encodePng({ width: 40, height: 60, data, channels: 3 }));
}

test('films imported from Letterboxd appear at once, then show the posters their pages name; a film with none keeps its tile', async ({
  page,
  request,
}) => {
  // Letterboxd, on this machine: the journeys' server reads film pages on loopback.
  const site = await startOutsideSite();
  site.serve('/posters/past-lives.png', {
    headers: { 'content-type': 'image/png' },
    base64: posterPng().toString('base64'),
  });
  site.serve('/film/past-lives/', {
    body: `<!doctype html><html><head><title>Past Lives</title><meta property="og:image" content="${site.origin}/posters/past-lives.png"></head><body></body></html>`,
  });
  site.serve('/film/aftersun/', {
    body: '<!doctype html><html><head><title>Aftersun</title></head><body></body></html>',
  });
  const watched = [
    'Date,Name,Year,Letterboxd URI',
    `2024-01-15,Past Lives,2023,${site.origin}/film/past-lives/`,
    `2024-02-03,Aftersun,2022,${site.origin}/film/aftersun/`,
  ].join('\n');

  try {
    const owner = await createUser(request, { prefix: 'covers' });
    await signInWithToken(page, owner);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Import Books or Films' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import from Goodreads, Letterboxd and more' });
    await dialog.getByRole('radio', { name: 'Letterboxd' }).check();
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'watched.csv', mimeType: 'text/csv', buffer: Buffer.from(watched) });
    await dialog.getByRole('button', { name: 'Import 2 blocks' }).click();
    await expectToast(page, 'Import complete');

    // The public board, once the covers have followed the import.
    const done = boardPanel(page, 'Done');
    const poster = done.getByRole('button', { name: 'View image: Past Lives' }).locator('img');
    await expect(async () => {
      await page.goto(`/@${owner.username}`);
      await boardTab(page, 'Done').click();
      await expect(poster).toHaveAttribute('src', /^\/api\/images\/blocks\//, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect
      .poll(() => poster.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(40);
    const aftersun = done.getByRole('article').filter({ hasText: 'Aftersun' });
    await expect(aftersun.locator('img')).toHaveCount(0);
    await expect(aftersun.locator('[data-tile]')).toBeVisible();
    const tileHeight = await aftersun
      .locator('[data-tile]')
      .evaluate((tile) => tile.getBoundingClientRect().height);
    expect(tileHeight).toBe(80);
  } finally {
    await site.close();
  }
});
