import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { gotoHydrated } from './support/ui';
import { createUser, signInWithToken } from './support/users';

/** Chromium's virtual authenticator: a platform passkey store that answers without a prompt. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    /** Off: the authenticator waits for a touch that never comes, as a person who looks away. */
    presence: (enabled: boolean) =>
      cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled }),
  };
}

async function signOut(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Sign Out' }).click();
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
}

async function openAccountSettings(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Profile Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Profile Settings' });
  await settings.getByRole('tab', { name: 'Account' }).click();
  return settings;
}

test('a passkey added in settings signs in with no password typed, even while wrong passwords hold the account', async ({
  page,
  request,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  const user = await createUser(request, { prefix: 'passkey' });
  await signInWithToken(page, user);

  const settings = await openAccountSettings(page);
  await settings.getByLabel('Passkey name').fill('Work laptop');
  await settings.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(settings.getByRole('status')).toHaveText('Passkey "Work laptop" added.');
  const list = settings.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Work laptop');
  await expect(list).toContainText('Never used yet');
  const [stored] = await authenticator.credentials();
  expect(stored?.isResidentCredential).toBe(true);

  // Someone guesses the password: password sign-ins of this account now wait.
  for (let i = 0; i < 6; i++) {
    await request.post('/api/auth/login', {
      data: { username: user.username, password: 'a-wrong-guess' },
    });
  }
  const held = await request.post('/api/auth/login', {
    data: { username: user.username, password: user.password },
  });
  expect(held.status()).toBe(429);

  await page.keyboard.press('Escape');
  await signOut(page);

  // The username field offers the passkey among its suggestions (conditional mediation): the
  // virtual authenticator picks it as soon as the field is shown, and that signs in.
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('heading', { name: `Welcome back, ${user.displayName}` }),
  ).toBeVisible();

  // "Sign in with a passkey" asks for one outright (the suggestion is left untouched).
  await signOut(page);
  await authenticator.presence(false);
  await gotoHydrated(page, '/auth');
  const suggested = page.waitForResponse('**/api/passkeys/sign-in-options');
  await page.getByRole('tab', { name: 'Sign In' }).click();
  const signIn = page.getByRole('tabpanel', { name: 'Sign In' });
  await expect(signIn.getByLabel('Username')).toHaveAttribute('autocomplete', 'username webauthn');
  await suggested;
  // Pressed while no touch comes, so the suggestion cannot sign in first: the button ends it and
  // makes its own request. The authenticator answers only requests made once a touch is due, so
  // the button's challenge is held until then.
  await page.route('**/api/passkeys/sign-in-options', async (route) => {
    await authenticator.presence(true);
    await route.continue();
  });
  await signIn.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('heading', { name: `Welcome back, ${user.displayName}` }),
  ).toBeVisible();

  const after = await openAccountSettings(page);
  const used = after.getByRole('list', { name: 'Your passkeys' });
  await expect(used).toContainText('Last used');
  await used.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
  await expect(after.getByRole('status')).toHaveText('Passkey removed.');
  await expect(used).toHaveCount(0);
});
