import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { waitForMailedLink } from './support/mail';
import { expectToast } from './support/ui';
import { createUser, logIn, signInWithToken, type TestUser } from './support/users';

async function sessionWorks(request: APIRequestContext, token: string): Promise<boolean> {
  const response = await request.get('/api/auth/me', {
    headers: { authorization: `Bearer ${token}` },
    // The server may have closed the idle connection this context kept (ECONNRESET).
    maxRetries: 1,
  });
  return response.status() === 200;
}

async function openAccountSettings(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Profile Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Profile Settings' });
  await settings.getByRole('tab', { name: 'Account' }).click();
  return settings;
}

async function addBlock(request: APIRequestContext, user: TestUser, title: string) {
  const response = await request.post('/api/blocks', {
    headers: { authorization: `Bearer ${user.token}` },
    data: { category: 'learning', type: 'books-reading', title },
  });
  expect(response.status()).toBe(201);
}

test('Sign Out ends the session on the server: the token it held stops working', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { prefix: 'signout' });
  await signInWithToken(page, user);
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Sign Out' })
    .click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => sessionWorks(request, user.token)).toBe(false);
});

test('Sign out of all devices ends every session of the account', async ({ page, request }) => {
  const user = await createUser(request, { prefix: 'everywhere' });
  const otherDevice = await logIn(request, user.username, user.password);
  await signInWithToken(page, user);
  const settings = await openAccountSettings(page);
  await expectNoSeriousA11yViolations(page, 'the Account tab of Profile Settings');
  await settings.getByRole('button', { name: 'Sign out of all devices' }).click();
  await expectToast(page, 'Signed out of all devices.');
  await expect(page).toHaveURL(/\/$/);
  expect(await sessionWorks(request, user.token)).toBe(false);
  expect(await sessionWorks(request, otherDevice)).toBe(false);
});

test('changing the password keeps this device signed in and the new password signs in', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { prefix: 'newpass' });
  const otherDevice = await logIn(request, user.username, user.password);
  await signInWithToken(page, user);
  const settings = await openAccountSettings(page);
  await settings.getByRole('button', { name: 'Change Password' }).click();
  await settings.getByLabel('Current Password').fill('not-my-password');
  await settings.getByLabel('New Password').fill('a-fresh-passphrase');
  await settings.getByRole('button', { name: 'Change Password' }).click();
  await expect(settings.getByText('That is not your current password.')).toBeVisible();
  await settings.getByLabel('Current Password').fill(user.password);
  await settings.getByRole('button', { name: 'Change Password' }).click();
  await expect(settings.getByRole('status')).toHaveText(
    'Password changed. Your other devices are signed out.',
  );

  expect(await sessionWorks(request, user.token)).toBe(true);
  expect(await sessionWorks(request, otherDevice)).toBe(false);
  const login = await request.post('/api/auth/login', {
    data: { username: user.username, password: 'a-fresh-passphrase' },
  });
  expect(login.status()).toBe(200);
});

test('changing the email takes effect once the link mailed to the new address is followed', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { prefix: 'newmail' });
  await signInWithToken(page, user);
  const settings = await openAccountSettings(page);
  await expect(settings.getByText(user.email)).toBeVisible();
  await settings.getByRole('button', { name: 'Change Email' }).click();
  const email = `moved-${user.email}`;
  await settings.getByLabel('New Email').fill(email);
  await settings.getByLabel('Current Password').fill(user.password);
  await settings.getByRole('button', { name: 'Change Email' }).click();
  await expect(settings.getByRole('status')).toHaveText(
    `Check ${email}: your address changes once you open the link we sent there.`,
  );
  await expect(settings.getByText(user.email, { exact: true })).toBeVisible();

  await page.goto(await waitForMailedLink(email, '/verify-email'));
  await page.getByRole('button', { name: 'Confirm My Email' }).click();
  await expect(page.getByRole('status')).toHaveText(`Thank you: ${email} is confirmed.`);
  const moved = await openAccountSettings(page);
  await expect(moved.getByText(email, { exact: true })).toBeVisible();
});

test('Download My Data saves one JSON file naming the account and its blocks', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { prefix: 'export' });
  await addBlock(request, user, 'Learning the cello');
  await signInWithToken(page, user);
  const settings = await openAccountSettings(page);
  const downloading = page.waitForEvent('download');
  await settings.getByRole('button', { name: 'Download My Data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`up2-${user.username}.json`);
  const data = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(data.account.username).toBe(user.username);
  expect(data.blocks.map((block: { title: string }) => block.title)).toEqual([
    'Learning the cello',
  ]);
});

test('deleting the account says what will be lost, then the board is gone, sign-in fails and no one else may take its name', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { prefix: 'goodbye' });
  await addBlock(request, user, 'One');
  await addBlock(request, user, 'Two');
  expect((await request.get(`/@${user.username}`)).status()).toBe(200);
  await signInWithToken(page, user);
  const settings = await openAccountSettings(page);
  await settings.getByRole('button', { name: 'Delete Account' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(confirm).toContainText(`/@${user.username}`);
  await expect(confirm).toContainText('its 2 blocks');
  await expect(confirm).toContainText('keep their copies');
  await expect(confirm).toContainText(`The name @${user.username} stays reserved`);
  await expectNoSeriousA11yViolations(page, 'the delete account confirmation');
  await confirm.getByLabel('Your Password').fill('wrong-password');
  await confirm.getByRole('button', { name: 'Delete Forever' }).click();
  await expect(confirm.getByText('That is not your current password.')).toBeVisible();
  await confirm.getByLabel('Your Password').fill(user.password);
  await confirm.getByRole('button', { name: 'Delete Forever' }).click();

  await expectToast(page, 'Account deleted');
  await expect(page).toHaveURL(/\/$/);
  expect((await request.get(`/@${user.username}`)).status()).toBe(404);
  const login = await request.post('/api/auth/login', {
    data: { username: user.username, password: user.password },
  });
  expect(login.status()).toBe(401);
  const again = await request.post('/api/auth/register', {
    data: {
      username: user.username,
      email: `again-${user.username}@example.com`,
      password: user.password,
      displayName: 'Someone Else',
      emailOptIn: false,
    },
  });
  expect(again.status()).toBe(409);
});
