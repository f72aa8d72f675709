import { expect, test } from './support/fixtures';
import { waitForMailedLink } from './support/mail';
import { expectToast } from './support/ui';
import { createUser } from './support/users';

test('a user resets a forgotten password through the emailed link', async ({ page, request }) => {
  const user = await createUser(request, { prefix: 'reset', emailVerified: true });
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
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectToast(page, 'Login failed');

  await signIn.getByLabel('Password').fill('brand-new-pass');
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
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

test('a used reset link says so on arrival, before any typing', async ({ page, request }) => {
  const user = await createUser(request, { prefix: 'usedlink', emailVerified: true });
  const asked = await request.post('/api/auth/forgot-password', { data: { email: user.email } });
  expect(asked.status()).toBe(200);
  const link = await waitForMailedLink(user.email, '/reset-password');
  const token = new URL(link).searchParams.get('token');
  const used = await request.post('/api/auth/reset-password', {
    data: { token, newPassword: 'used-once-pass' },
  });
  expect(used.status()).toBe(200);

  await page.goto(link);
  await expect(
    page.getByText('This reset link is invalid or has expired. Please request a new one.'),
  ).toBeVisible();
  await expect(page.getByLabel('New Password')).toHaveCount(0);
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('a refused new password is told at its field as well as in the toast', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { prefix: 'commonpw', emailVerified: true });
  await request.post('/api/auth/forgot-password', { data: { email: user.email } });
  await page.goto(await waitForMailedLink(user.email, '/reset-password'));
  const tooCommon =
    'This password is too common: it is one of the first that attackers try. Please choose another.';
  await page.getByLabel('New Password').fill('password');
  await page.getByLabel('Confirm Password').fill('password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expectToast(page, 'Reset Failed');
  const field = page.getByLabel('New Password');
  await expect(field).toHaveAccessibleDescription(tooCommon);
  await expect(field).toBeFocused();
});
