import { readFile } from 'node:fs/promises';
import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { expectToast, gotoHydrated } from './support/ui';
import { createUser, signInWithToken } from './support/users';

test('an owner shares their board: copies its link and downloads its QR code', async ({
  page,
  request,
  baseURL,
}) => {
  const owner = await createUser(request, { prefix: 'share' });
  await createBlock(request, owner, { title: 'Something worth sharing' });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInWithToken(page, owner);
  const link = `${baseURL}/@${owner.username}`;

  await page.goto('/dashboard');
  const share = page.getByRole('button', { name: 'Share Board' });
  await expect(share).toBeVisible({ timeout: 30_000 });
  await share.click();
  const dialog = page.getByRole('dialog', { name: 'Share your board' });
  await expect(dialog.getByRole('img', { name: `QR code of ${link}` })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Board link' })).toHaveValue(link);

  // This Chromium has no system share sheet: the link is copied instead.
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expectToast(page, 'Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  const [svgDownload] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Download SVG' }).click(),
  ]);
  expect(svgDownload.suggestedFilename()).toBe(`up2-${owner.username}-qr.svg`);
  const svg = await readFile(await svgDownload.path(), 'utf8');
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*><rect fill="white"/);
  // The same code the server serves for the board.
  const served = await request.get(`/@${owner.username}/qr.svg`);
  expect(await served.text()).toBe(svg);

  const [pngDownload] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Download PNG' }).click(),
  ]);
  expect(pngDownload.suggestedFilename()).toBe(`up2-${owner.username}-qr.png`);
  const png = await readFile(await pngDownload.path());
  expect([...png.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG');

  // Escape closes the topmost layer first: "Link copied", if it is still showing, then the dialog.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden({ timeout: 1000 });
  }).toPass();
  await expect(share).toBeFocused();

  // On their own board the owner finds the same dialog in the header.
  await gotoHydrated(page, `/@${owner.username}`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(
    page.getByRole('dialog', { name: 'Share your board' }).getByRole('img', {
      name: `QR code of ${link}`,
    }),
  ).toBeVisible();
});

test("a visitor's copy of a board page carries no Share button and no QR code library", async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'noshare' });
  await createBlock(request, owner, { title: 'Read by a visitor' });
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(sent.url());
  });
  await page.goto(`/@${owner.username}`);
  await expect(page.getByRole('heading', { name: `Tester ${owner.username}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeHidden();
  expect(scripts.filter((url) => /share-board-dialog|dashboard/.test(url))).toEqual([]);
});
