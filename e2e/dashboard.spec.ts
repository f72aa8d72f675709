/// <reference lib="dom" />
// The callbacks passed to page.evaluate run in the browser.

import { blockDialog } from './support/block-dialog';
import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { expectToast, gotoHydrated } from './support/ui';
import { createUser, signInWithToken } from './support/users';

test('a new owner is offered a first block until the banner is dismissed for good', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'onboard' });
  await signInWithToken(page, owner);
  await page.goto('/dashboard');

  const banner = page.getByRole('region', { name: 'Start your board' });
  await banner.getByRole('button', { name: 'Create Your First Block' }).click();
  const create = blockDialog(page, 'Create Activity Block');
  await expect(create).toBeVisible();
  await create.getByRole('button', { name: 'Cancel' }).click();
  await expect(create).toBeHidden();

  await banner.getByRole('button', { name: 'Dismiss getting started' }).click();
  await expect(banner).toBeHidden();
  expect(
    await page.evaluate(() => localStorage.getItem('up2_onboarding_dismissed')),
  ).not.toBeNull();
  await page.reload();
  await expect(
    page.getByRole('heading', { name: `Welcome back, ${owner.displayName}` }),
  ).toBeVisible();
  await expect(banner).toBeHidden();
});

test('an owner edits their profile and the public board shows it', async ({ page, request }) => {
  const owner = await createUser(request, { prefix: 'profile' });
  await signInWithToken(page, owner);
  await page.goto('/dashboard');

  await page.getByRole('button', { name: 'Profile Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Profile Settings' });
  await expect(settings.getByLabel('Display Name')).toHaveValue(owner.displayName);
  await settings.getByLabel('Display Name').fill('Renamed Owner');
  await settings.getByLabel('Tagline').fill('Building things');
  await settings.getByLabel('Bio').fill('Reading, running and shipping side projects.');
  await settings.getByRole('button', { name: 'Save' }).click();

  await expectToast(page, 'Profile updated');
  await expect(settings).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Welcome back, Renamed Owner' })).toBeVisible();

  await gotoHydrated(page, `/@${owner.username}`);
  await expect(page.getByRole('heading', { name: 'Renamed Owner' })).toBeVisible();
  await expect(page.getByText('Building things', { exact: true })).toBeVisible();
  await expect(page.getByText('Reading, running and shipping side projects.')).toBeVisible();
});

test('the dashboard offers the embed code in the theme chosen and confirms copying it', async ({
  page,
  request,
  baseURL,
}) => {
  const owner = await createUser(request, { prefix: 'embcode' });
  await createBlock(request, owner, { title: 'Something to embed' });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInWithToken(page, owner);
  await page.goto('/dashboard');

  const embed = page.getByRole('region', { name: 'Embed' });
  // One block: the frame is as tall as its one row of cards, not a half-empty 600 px.
  const code = `<iframe src="${baseURL}/embed/@${owner.username}" width="100%" height="232" frameborder="0" title="Up2 board of @${owner.username}"></iframe>`;
  await expect(embed.getByRole('textbox')).toHaveValue(code);
  await expect(embed.getByRole('link', { name: 'Preview' })).toHaveAttribute(
    'href',
    `/embed/@${owner.username}`,
  );

  // Light is the default; another theme is named in the code and the preview.
  await embed.getByRole('radio', { name: 'Dark' }).check();
  await expect(embed.getByRole('textbox')).toHaveValue(
    code.replace(`@${owner.username}"`, `@${owner.username}?theme=dark"`),
  );
  await expect(embed.getByRole('link', { name: 'Preview' })).toHaveAttribute(
    'href',
    `/embed/@${owner.username}?theme=dark`,
  );
  await embed.getByRole('radio', { name: 'Light' }).check();

  await embed.getByRole('button', { name: 'Copy Code' }).click();
  await expect(embed.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  // The confirmation goes back after 2 seconds.
  await expect(embed.getByRole('button', { name: 'Copy Code' })).toBeVisible({ timeout: 5_000 });
});
