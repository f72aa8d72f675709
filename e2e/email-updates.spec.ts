import { expect, test } from './support/fixtures';
import { waitForMailedLink } from './support/mail';
import { expectToast } from './support/ui';
import { uniqueUsername } from './support/users';

test('a new account proves its email through the mailed link, which also starts the updates asked for at sign-up', async ({
  page,
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

  // The screen switches to Sign In with the username filled in.
  const signIn = page.getByRole('tabpanel', { name: 'Sign In' });
  await expect(signIn.getByLabel('Username')).toHaveValue(username);
  await signIn.getByLabel('Password').fill('a-long-passphrase');
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Until the address is proven, the dashboard says so and sends the link again.
  const banner = page.getByRole('region', { name: 'Confirm your email' });
  await expect(banner).toContainText('Please confirm your email address.');
  await banner.getByRole('button', { name: 'Resend Link' }).click();
  await expect(banner.getByRole('status')).toHaveText(
    `Check your inbox: we sent a link to ${email}.`,
  );

  const link = await waitForMailedLink(email, '/verify-email');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm Email' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm My Email' }).click();
  await expect(page.getByRole('status')).toHaveText(`Thank you: ${email} is confirmed.`);

  // The link works once.
  await page.reload();
  await page.getByRole('button', { name: 'Confirm My Email' }).click();
  await expect(page.getByRole('alert')).toContainText('invalid, used or expired');

  // The banner is gone; profile settings show the updates on, and turning them off stops them.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Updates Reader' })).toBeVisible();
  await expect(banner).toHaveCount(0);
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
