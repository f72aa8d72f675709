import { expectNoSeriousA11yViolations } from './support/a11y';
import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { gotoHydrated } from './support/ui';
import { createUser, signInWithToken } from './support/users';

test('an owner sees who followed them and who copied their block, and opening the list reads them', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'told', displayName: 'Told Owner' });
  const block = await createBlock(request, owner, { title: 'Couch to 5k' });
  const follower = await createUser(request, { prefix: 'fan', displayName: 'Fan Follower' });
  const copier = await createUser(request, { prefix: 'copier', displayName: 'Copy Cat' });
  const followed = await request.post(`/api/follows/${owner.username}`, {
    headers: { authorization: `Bearer ${follower.token}` },
  });
  expect(followed.status()).toBe(200);
  const copied = await request.post(`/api/blocks/${block.id}/copy`, {
    headers: { authorization: `Bearer ${copier.token}` },
  });
  expect(copied.status()).toBe(201);

  await signInWithToken(page, owner);
  await gotoHydrated(page, '/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const bell = nav.getByRole('link', { name: 'Notifications 2 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const items = page.getByRole('main').getByRole('listitem');
  await expect(items.first()).toContainText('Copy Cat copied Couch to 5k');
  await expect(items.nth(1)).toContainText('Fan Follower followed your board');
  await expect(items.first().getByRole('link', { name: 'Copy Cat' })).toHaveAttribute(
    'href',
    `/@${copier.username}`,
  );
  // Read: the badge is gone, and stays gone after a reload.
  await expect(nav.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await gotoHydrated(page, '/dashboard');
  await expect(nav.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

  // Email stays off until the owner turns it on.
  await gotoHydrated(page, '/notifications');
  const byEmail = page.getByRole('switch', { name: 'Also tell me by email' });
  await expect(byEmail).not.toBeChecked();
  await byEmail.click();
  await expect(byEmail).toBeChecked();
  await gotoHydrated(page, '/notifications');
  await expect(page.getByRole('switch', { name: 'Also tell me by email' })).toBeChecked();
});

test('the bell is in the navigation on a phone too', async ({ newPage, request }) => {
  const owner = await createUser(request, { prefix: 'phonebell' });
  const follower = await createUser(request, { prefix: 'phonefan' });
  await request.post(`/api/follows/${owner.username}`, {
    headers: { authorization: `Bearer ${follower.token}` },
  });
  const phone = await newPage({ viewport: { width: 360, height: 740 }, isMobile: true });
  await signInWithToken(phone, owner);
  await gotoHydrated(phone, '/dashboard');
  await expect(
    phone
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Notifications 1 unread' }),
  ).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in the ${colorScheme} scheme`, () => {
    test.use({ colorScheme });

    test('the notifications screen and the bell have no serious accessibility issues', async ({
      page,
      request,
    }) => {
      const owner = await createUser(request, { prefix: 'axebell' });
      const follower = await createUser(request, { prefix: 'axefan' });
      await request.post(`/api/follows/${owner.username}`, {
        headers: { authorization: `Bearer ${follower.token}` },
      });
      await signInWithToken(page, owner);
      await gotoHydrated(page, '/dashboard');
      await expect(page.getByRole('link', { name: 'Notifications 1 unread' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `the bell with a count (${colorScheme})`);
      await gotoHydrated(page, '/notifications');
      await expect(
        page.getByRole('listitem').filter({ hasText: 'followed your board' }),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/notifications (${colorScheme})`);
    });
  });
}
