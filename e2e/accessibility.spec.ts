/// <reference lib="dom" />
// The callbacks passed to page.evaluate run in the browser.
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { adminUser, createUser, signInWithToken } from './support/users';

type Screen = {
  path: (board: string) => string;
  /** What shows once the screen has loaded. */
  ready: (page: Page) => Locator;
};

const signedOutScreens: Record<string, Screen> = {
  landing: {
    path: () => '/',
    ready: (page) => page.getByRole('link', { name: 'Create Your Board' }).first(),
  },
  discover: {
    path: () => '/discover',
    ready: (page) => page.getByRole('heading', { name: 'Discover Boards' }),
  },
  'forgot password': {
    path: () => '/forgot-password',
    ready: (page) => page.getByRole('button', { name: 'Send Reset Link' }),
  },
  // An unknown token: the screen says the link does not work before anything is typed.
  'reset password': {
    path: () => '/reset-password?token=x',
    ready: (page) => page.getByRole('link', { name: 'Request a new link' }),
  },
  'public board': {
    path: (board) => `/@${board}`,
    ready: (page) => page.getByRole('heading', { name: 'Accessible block' }),
  },
  embed: {
    path: (board) => `/embed/@${board}`,
    ready: (page) => page.getByRole('heading', { name: 'Accessible block' }),
  },
  feedback: {
    path: () => '/feedback',
    ready: (page) => page.getByRole('heading', { name: 'Share Your Feedback' }),
  },
  'feedback administration (signed out)': {
    path: () => '/admin/feedback',
    ready: (page) => page.getByText('Unauthorized'),
  },
  'page not found': {
    path: () => '/a/b/c',
    ready: (page) => page.getByRole('heading', { name: 'Page Not Found' }),
  },
};

// Every screen in both colour schemes, as the system sets them: dark mode is the same classes over
// a mirrored palette, so a contrast slip shows here.
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in the ${colorScheme} scheme`, () => {
    test.use({ colorScheme });

    for (const [name, screen] of Object.entries(signedOutScreens)) {
      test(`the ${name} screen has no serious accessibility issues`, async ({ page, request }) => {
        const owner = await createUser(request, { prefix: 'axe' });
        await createBlock(request, owner, {
          title: 'Accessible block',
          externalUrl: 'https://example.com/a',
        });
        const path = screen.path(owner.username);
        await page.goto(path);
        await expect(screen.ready(page)).toBeVisible();
        await expectNoSeriousA11yViolations(page, `${path} (${colorScheme})`);
      });
    }

    test('both tabs of the auth screen have no serious accessibility issues', async ({ page }) => {
      await page.goto('/auth');
      await expect(page.getByRole('tabpanel', { name: 'Sign Up' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/auth (Sign Up) (${colorScheme})`);
      await page.getByRole('tab', { name: 'Sign In' }).click();
      await expect(page.getByRole('tabpanel', { name: 'Sign In' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/auth (Sign In) (${colorScheme})`);
    });

    test('signed-in screens and dialogs have no serious accessibility issues', async ({
      page,
      request,
    }) => {
      // Five axe scans of a full dashboard: on a busy two-core machine they take most of a minute.
      test.slow();
      const owner = await createUser(request, { prefix: 'axedash' });
      await createBlock(request, owner, {
        title: 'Now block',
        externalUrl: 'https://example.com/n',
      });
      await createBlock(request, owner, { title: 'Done block', status: 'done', progress: 100 });
      await signInWithToken(page, owner);

      await page.goto('/dashboard');
      await expect(page.getByText('Now block', { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/dashboard (${colorScheme})`);

      await page.getByRole('button', { name: 'New Block' }).click();
      const create = page.getByRole('dialog', { name: 'Create Activity Block' });
      await expect(create).toBeVisible();
      await expectNoSeriousA11yViolations(
        page,
        `the Create Activity Block dialog (${colorScheme})`,
      );
      await create.getByLabel('Title', { exact: true }).fill('Unsaved');
      await page.keyboard.press('Escape');
      const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
      await expect(discard).toBeVisible();
      await expectNoSeriousA11yViolations(
        page,
        `the Discard changes? confirmation (${colorScheme})`,
      );
      await discard.getByRole('button', { name: 'Discard' }).click();
      await expect(create).toBeHidden();

      await page.getByText('Now block', { exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Activity Block' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `the Edit Activity Block dialog (${colorScheme})`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Profile Settings' }).click();
      await expect(page.getByRole('dialog', { name: /Profile Settings/ })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `the Profile Settings dialog (${colorScheme})`);
    });

    test('the feedback administration has no serious accessibility issues', async ({
      page,
      request,
    }) => {
      await request.post('/api/feedback', {
        data: {
          type: 'bug',
          title: 'Axe check item',
          description: 'Something to list on the admin screen.',
        },
      });
      await signInWithToken(page, await adminUser(request));
      await page.goto('/admin/feedback');
      await expect(page.getByText('Axe check item').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/admin/feedback (${colorScheme})`);
    });
  });
}

test('signing in works with the keyboard alone', async ({ page, request }) => {
  const user = await createUser(request, { prefix: 'keys' });
  await page.goto('/auth');
  // Tab reaches the selected tab, arrows move along, and Enter switches (manual activation).
  const signUpTab = page.getByRole('tab', { name: 'Sign Up' });
  // The form the server drew waits for the app, which alone can sign anyone in.
  await expect(signUpTab).toBeEnabled();
  await tabUntilFocused(page, signUpTab, 15);
  await page.keyboard.press('ArrowRight');
  const signInTab = page.getByRole('tab', { name: 'Sign In' });
  await expect(signInTab).toBeFocused();
  await expect(signInTab).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('Enter');
  await expect(signInTab).toHaveAttribute('aria-selected', 'true');

  const signIn = page.getByRole('tabpanel', { name: 'Sign In' });
  await tabUntilFocused(page, signIn.getByLabel('Username'), 5);
  await page.keyboard.type(user.username);
  await page.keyboard.press('Tab');
  await expect(signIn.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('heading', { name: `Welcome back, ${user.displayName}` }),
  ).toBeVisible();
});

/** Presses Tab until the element has focus, at most `limit` times. */
async function tabUntilFocused(page: Page, target: Locator, limit: number) {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  await expect(target).toBeFocused();
}
