import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import {
  boardTab,
  expectNoHorizontalScroll,
  expectToast,
  gotoHydrated,
  notifications,
} from './support/ui';
import { createUser, signInWithToken } from './support/users';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test('a signed-out visitor on a phone sees the board, must sign in to copy, and a Visit Link click counts', async ({
  newPage,
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'visit' });
  await createBlock(request, owner, {
    title: 'Learning Rust',
    subtitle: 'The Book',
    description: 'Ownership and borrowing, slowly.',
    externalUrl: 'https://example.com/rust-book',
  });

  const visitor = await newPage(phone);
  await visitor
    .context()
    .route('https://example.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Example</title><p>Example</p>' }),
    );
  await visitor.goto(`/@${owner.username}`);
  await expect(visitor.getByRole('heading', { name: owner.displayName })).toBeVisible();
  await expect(visitor.getByText(`/@${owner.username}`).first()).toBeVisible();
  await expect(visitor.getByText('Learning Rust', { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(visitor);

  const click = visitor.waitForResponse(
    (response) => /\/api\/blocks\/\d+\/click$/.test(response.url()) && response.ok(),
  );
  const external = visitor.context().waitForEvent('page');
  await visitor.getByRole('link', { name: 'Visit Link' }).click();
  await click;
  await expect(await external).toHaveURL('https://example.com/rust-book');
  // Clicks reach the owner's numbers through the minute's roll-up: run it now.
  await expect
    .poll(async () => {
      await request.get('/cdn-cgi/handler/scheduled');
      const stats = await request.get('/api/analytics/me', {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      return ((await stats.json()) as { totalClicks: number }).totalClicks;
    })
    .toBe(1);

  // Copy brings the app, which asks a signed-out reader to sign in, and brings them back here.
  await visitor.getByRole('button', { name: 'Copy Learning Rust', exact: true }).click();
  await expectToast(visitor, 'Sign in required');
  const reader = await createUser(request, { prefix: 'reader' });
  await notifications(visitor).getByRole('button', { name: 'Sign in' }).click();
  await expect(visitor).toHaveURL(/\/auth\?tab=signin$/);
  const signIn = visitor.getByRole('tabpanel', { name: 'Sign In' });
  await signIn.getByLabel('Username').fill(reader.username);
  await signIn.getByLabel('Password').fill(reader.password);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(visitor).toHaveURL(new RegExp(`/@${owner.username}$`));
  // On a phone the welcome toast shows across the top, clear of the first card's Copy.
  await expectToast(visitor, 'Welcome back!');
  await visitor.getByRole('button', { name: 'Copy Learning Rust', exact: true }).click();
  await expectToast(visitor, 'Block copied');

  await signInWithToken(page, owner);
  await page.goto('/dashboard');
  // Stats is a list of terms and values; Total Clicks shows only once there is a click.
  await expect(page.getByRole('region', { name: 'Stats' })).toContainText(/Total Clicks\s*1(?!\d)/);
});

test('a signed-in user copies a block from another board into their own Planned tab', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'source' });
  await createBlock(request, owner, {
    title: 'Couch to 5K',
    category: 'lifestyle',
    type: 'running-cycling',
  });
  const copier = await createUser(request, { prefix: 'copier' });
  await signInWithToken(page, copier);

  await gotoHydrated(page, `/@${owner.username}`);
  await expect(page.getByText('Couch to 5K', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Copy Couch to 5K', exact: true }).click();
  await expectToast(page, 'Block copied');
  await expect(
    page.getByRole('button', { name: 'Copied Couch to 5K', exact: true }),
  ).toBeDisabled();

  // Their board opens on the first tab with blocks: the copy went to Planned.
  await page.goto('/dashboard');
  await expect(boardTab(page, 'Planned')).toBeChecked();
  await expect(page.getByText('Couch to 5K', { exact: true })).toBeVisible();
});

test('the owner sees no copy button on their own board', async ({ page, request }) => {
  const owner = await createUser(request, { prefix: 'ownview' });
  await createBlock(request, owner, { title: 'My own block' });
  await signInWithToken(page, owner);
  await gotoHydrated(page, `/@${owner.username}`);
  await expect(page.getByText('My own block', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /copy/i })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit board' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
});

test('an empty board says the owner has not added any activities yet', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'empty' });
  await page.goto(`/${owner.username}`);
  await expect(
    page.getByText(`${owner.displayName} hasn't added any activities yet.`),
  ).toBeVisible();
});

test('after Copy the keyboard stays on the control, and the toast’s action is reached from there', async ({
  newPage,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'copyfocus' });
  await createBlock(request, owner, { title: 'Kept in focus' });

  // Signed in: the copy is made and the button, now "Copied", keeps the focus.
  const copier = await newPage();
  await signInWithToken(copier, await createUser(request, { prefix: 'copyfocusby' }));
  await gotoHydrated(copier, `/@${owner.username}`);
  await copier.getByRole('button', { name: 'Copy Kept in focus', exact: true }).focus();
  await copier.keyboard.press('Enter');
  await expectToast(copier, 'Block copied');
  await expect(
    copier.getByRole('button', { name: 'Copied Kept in focus', exact: true }),
  ).toBeFocused();

  // Signed out: the sign-in toast's action is reached from the keyboard, and leads to Sign In.
  const visitor = await newPage();
  await visitor.goto(`/@${owner.username}`);
  const copy = visitor.getByRole('button', { name: 'Copy Kept in focus', exact: true });
  await copy.focus();
  await visitor.keyboard.press('Enter');
  await expectToast(visitor, 'Sign in required');
  await expect(copy).toBeFocused();
  await visitor.keyboard.press('F8');
  const signIn = notifications(visitor).getByRole('button', { name: 'Sign in' });
  for (let press = 0; press < 4; press += 1) {
    if (await signIn.evaluate((element) => element === document.activeElement)) break;
    await visitor.keyboard.press('Tab');
  }
  await expect(signIn).toBeFocused();
  await visitor.keyboard.press('Enter');
  await expect(visitor).toHaveURL(/\/auth\?tab=signin$/);
});
