import { expect, test } from './support/fixtures';
import { waitForMailedLink } from './support/mail';
import { expectToast } from './support/ui';
import { createUser } from './support/users';

test('a user resets a forgotten password through the emailed link', async ({ page, request }) => {
  const user = await createUser(request, { prefix: 'reset' });
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'check your inbox' });
  await expect(sent).toContainText(
    "If an account exists with that email, we've sent password reset instructions",
  );
  await expect(sent).toContainText('Please check your inbox and spam folder.');
  await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();

  const link = await waitForMailedLink(user.email, '/reset-password');
  await page.goto(link);
  const newPassword = page.getByLabel('New Password');
  const confirm = page.getByLabel('Confirm Password');
  await newPassword.fill('brand-new-pass');
  await confirm.fill('brand-new-pazz');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await confirm.fill('brand-new-pass');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expectToast(page, 'Password Reset Successful');
  await expect(page).toHaveURL(/\/auth(\?.*)?$/, { timeout: 5_000 });

  await page.getByRole('tab', { name: 'Sign In' }).click();
  const signIn = page.getByRole('tabpanel', { name: 'Sign In' });
  await signIn.getByLabel('Username').fill(user.username);
  await signIn.getByLabel('Password').fill(user.password);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Login failed');

  await signIn.getByLabel('Password').fill('brand-new-pass');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('heading', { name: `Welcome back, ${user.displayName}` }),
  ).toBeVisible();
});

test('the reset screen without a token says "Invalid Link" and returns to /auth', async ({
  page,
}) => {
  await page.goto('/reset-password');
  await expectToast(page, 'Invalid Link');
  await expectToast(page, 'No reset token found in the URL');
  await expect(page).toHaveURL(/\/auth(\?.*)?$/, { timeout: 5_000 });
});

test('forgot password refuses an invalid email address', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('nope');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
});
