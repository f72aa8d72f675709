import { expect, test } from './support/fixtures';
import { expectToast } from './support/ui';
import { adminUser, createUser, signInWithToken } from './support/users';

test('a visitor sends feedback and the owner account changes its status', async ({
  page,
  newPage,
  request,
}) => {
  const title = `Dark mode please ${Date.now().toString(36)}`;
  await page.goto('/feedback');
  await expect(page.getByRole('heading', { name: 'Share Your Feedback' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Improvement' }).click();
  await page.getByLabel('Title').fill(title);
  await page
    .getByLabel('Description')
    .fill('The board is bright at night; a dark theme would help.');
  await page.getByLabel('Email (optional)').fill('reader@example.com');
  await page.getByRole('button', { name: 'Submit Feedback' }).click();

  await expect(page.getByText('Thank you!')).toBeVisible();
  await page.getByRole('button', { name: 'Submit Another' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('');

  const admin = await newPage();
  await signInWithToken(admin, await adminUser(request));
  await admin.goto('/admin/feedback');
  const item = admin.getByRole('listitem').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(
    item.getByText('The board is bright at night; a dark theme would help.'),
  ).toBeVisible();
  await expect(item.getByText('reader@example.com')).toBeVisible();
  await expect(item.getByText('Improvement', { exact: true })).toBeVisible();
  // Sent signed out: no user id.
  await expect(item.getByText('N/A', { exact: true })).toBeVisible();
  await item.getByRole('combobox', { name: 'Status' }).click();
  await admin.getByRole('option', { name: 'Reviewed' }).click();
  await expectToast(admin, 'Feedback status updated successfully.');
  await expect(item.getByRole('combobox', { name: 'Status' })).toHaveText('Reviewed');

  await admin.reload();
  await expect(
    admin
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByRole('combobox', { name: 'Status' }),
  ).toHaveText('Reviewed');
});

test('the feedback form explains what is wrong before sending', async ({ page }) => {
  await page.goto('/feedback');
  await page.getByLabel('Title').fill('ab');
  await page.getByLabel('Description').fill('too short');
  await page.getByLabel('Email (optional)').fill('not-an-email');
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByText('Title must be at least 3 characters')).toBeVisible();
  await expect(
    page.getByText('Please provide more details (at least 10 characters)'),
  ).toBeVisible();
  await expect(page.getByText('Invalid email')).toBeVisible();
  await expect(page.getByText('Thank you!')).toBeHidden();
});

test('feedback administration: Access Denied for others, Unauthorized when signed out', async ({
  page,
  newPage,
  request,
}) => {
  await page.goto('/admin/feedback');
  await expect(page.getByText('Unauthorized')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /sign in/i })).toHaveAttribute(
    'href',
    '/auth',
  );

  const someone = await newPage();
  await signInWithToken(someone, await createUser(request, { prefix: 'notadmin' }));
  await someone.goto('/admin/feedback');
  await expect(someone.getByText('Access Denied')).toBeVisible();
  await expect(someone.getByText("You don't have permission to access this page")).toBeVisible();
});

test('the owner account reaches the inbox from the navigation, sees who wrote and filters by status and type', async ({
  page,
  newPage,
  request,
}) => {
  const author = await createUser(request, { prefix: 'writer' });
  const stamp = Date.now().toString(36);
  const post = async (type: string, title: string) => {
    const response = await request.post('/api/feedback', {
      headers: { authorization: `Bearer ${author.token}` },
      data: { type, title, description: 'Something worth ten characters.', email: null },
    });
    expect(response.status(), await response.text()).toBe(201);
  };
  await post('bug', `Broken thing ${stamp}`);
  await post('feature', `Wished thing ${stamp}`);

  // Other signed-in people have no link to the inbox.
  await signInWithToken(page, author);
  await page.goto('/dashboard');
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'My Board' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Feedback' })).toHaveCount(0);

  const admin = await newPage();
  await signInWithToken(admin, await adminUser(request));
  await admin.goto('/dashboard');
  await admin
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Feedback' })
    .click();
  await expect(admin).toHaveURL(/\/admin\/feedback$/);
  const bug = admin.getByRole('listitem').filter({ hasText: `Broken thing ${stamp}` });
  const wish = admin.getByRole('listitem').filter({ hasText: `Wished thing ${stamp}` });
  await expect(bug.getByText(author.username, { exact: true })).toBeVisible();
  await expect(wish).toBeVisible();

  await admin.getByRole('combobox', { name: 'Filter by type' }).click();
  await admin.getByRole('option', { name: 'Bug report' }).click();
  await expect(admin).toHaveURL(/type=bug/);
  await expect(bug).toBeVisible();
  await expect(wish).toHaveCount(0);

  await admin.getByRole('combobox', { name: 'Filter by status' }).click();
  await admin.getByRole('option', { name: 'Planned' }).click();
  await expect(admin).toHaveURL(/status=planned/);
  await expect(bug).toHaveCount(0);
});
