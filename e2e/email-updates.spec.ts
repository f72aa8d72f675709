import { expect, test } from './support/fixtures';
import { waitForMailedLink } from './support/mail';
import { expectToast } from './support/ui';
import { logIn, signInWithToken, uniqueUsername } from './support/users';

test('"Send me updates" ticked at sign-up counts once the mailed link is confirmed', async ({
  page,
  request,
}) => {
  const username = uniqueUsername('updates');
  const email = `${username}@example.com`;
  await page.goto('/auth');
  const signUp = page.getByRole('tabpanel', { name: 'Sign Up' });
  await signUp.getByLabel('Display Name').fill('Updates Reader');
  await signUp.getByLabel('Username').fill(username);
  await signUp.getByLabel('Email').fill(email);
  await signUp.getByLabel('Password').fill('a-long-passphrase');
  await signUp
    .getByRole('checkbox', { name: 'Send me updates about new features and tips' })
    .check();
  await signUp.getByRole('button', { name: /^(Sign Up|Create Account)$/i }).click();
  await expectToast(page, 'Account created!');

  const link = await waitForMailedLink(email, '/confirm-updates');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm Updates' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status')).toHaveText(
    "You're subscribed to updates about new features and tips.",
  );

  // The link works once.
  await page.reload();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');

  // Profile settings show the updates on; turning them off stops them.
  await signInWithToken(page, {
    username,
    token: await logIn(request, username, 'a-long-passphrase'),
  });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Profile Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Profile Settings' });
  await settings.getByRole('tab', { name: 'Account' }).click();
  const updates = settings.getByRole('switch', {
    name: 'Send me updates about new features and tips',
  });
  await expect(updates).toBeChecked();
  await updates.click();
  await expect(settings.getByRole('status')).toHaveText('Updates stopped.');
  await expect(updates).not.toBeChecked();
});
