import { expect, test } from './support/fixtures';
import { expectToast } from './support/ui';
import { createUser, signInWithToken } from './support/users';

test('the owner finds their fediverse handle in Profile Settings and the share dialog, and copies it', async ({
  page,
  request,
  baseURL,
}) => {
  const owner = await createUser(request, { prefix: 'handle' });
  const handle = `@${owner.username}@${new URL(baseURL ?? '').host}`;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInWithToken(page, owner);

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Profile Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Profile Settings' });
  await expect(settings.getByRole('textbox', { name: 'Fediverse handle' })).toHaveValue(handle);
  await settings.getByRole('button', { name: 'Copy handle' }).click();
  await expectToast(page, 'Handle copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(handle);
  await settings.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Share Board' }).click();
  const share = page.getByRole('dialog', { name: 'Share your board' });
  await expect(share.getByRole('textbox', { name: 'Fediverse handle' })).toHaveValue(handle);
});
