import { startOutsideSite } from '../worker/dev/outside-site';
import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { expectToast, gotoHydrated, notifications } from './support/ui';
import { createUser, signInWithToken } from './support/users';

test("a signed-in reader follows a board and sees its owner's next change on Following", async ({
  newPage,
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'maya', displayName: 'Maya Follows' });
  const block = await createBlock(request, owner, { title: 'Portuguese A2', status: 'now' });
  const reader = await createUser(request, { prefix: 'follower' });

  await signInWithToken(page, reader);
  await gotoHydrated(page, '/following');
  await expect(page.getByRole('heading', { name: 'No news yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Discover Boards' })).toHaveAttribute(
    'href',
    '/discover',
  );

  await gotoHydrated(page, `/@${owner.username}`);
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expectToast(page, 'Following Maya Follows');
  await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();

  // The owner finishes the block (from anywhere: the API is what the dashboard calls).
  const moved = await request.put(`/api/blocks/${block.id}`, {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { status: 'done' },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Following' })
    .click();
  await expect(page).toHaveURL(/\/following$/);
  const news = page.getByRole('main').getByRole('listitem');
  await expect(news.first()).toContainText('Maya Follows finished Portuguese A2');
  await expect(news.nth(1)).toContainText('Maya Follows started Portuguese A2');

  // Back on the board, it still says Following: the page itself is the same for everyone.
  await gotoHydrated(page, `/@${owner.username}`);
  await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();

  // The owner sees no Follow on their own board, and one follower in their stats.
  const ownerPage = await newPage();
  await signInWithToken(ownerPage, owner);
  await gotoHydrated(ownerPage, `/@${owner.username}`);
  await expect(ownerPage.getByRole('link', { name: 'Edit board' })).toBeVisible();
  await expect(ownerPage.getByRole('button', { name: 'Follow', exact: true })).toBeHidden();
  await ownerPage.goto('/dashboard');
  await expect(ownerPage.getByRole('region', { name: 'Stats' })).toContainText(
    /Followers\s*1(?!\d)/,
  );
});

test('a signed-out visitor who presses Follow is asked to sign in, and comes back to the board to follow it', async ({
  newPage,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'leo', displayName: 'Leo Follows' });
  await createBlock(request, owner, { title: 'Couch to 5k' });
  const reader = await createUser(request, { prefix: 'latecomer' });

  const visitor = await newPage();
  // Read without the app: Follow is on the page, and pressing it brings the app.
  await visitor.goto(`/@${owner.username}`);
  await visitor.getByRole('button', { name: 'Follow', exact: true }).click();
  await expectToast(visitor, 'Sign in required');
  await notifications(visitor).getByRole('button', { name: 'Sign in' }).click();
  await expect(visitor).toHaveURL(/\/auth\?tab=signin$/);
  const signIn = visitor.getByRole('tabpanel', { name: 'Sign In' });
  await signIn.getByLabel('Username').fill(reader.username);
  await signIn.getByLabel('Password').fill(reader.password);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(visitor).toHaveURL(new RegExp(`/@${owner.username}$`));

  await visitor.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(visitor.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  const followed = await request.get('/api/follows', {
    headers: { authorization: `Bearer ${reader.token}` },
  });
  expect(((await followed.json()) as { boards: { username: string }[] }).boards).toEqual([
    expect.objectContaining({ username: owner.username }),
  ]);
});

test('a visitor with a fediverse account follows the board from their own server', async ({
  page,
  request,
  baseURL,
}) => {
  const owner = await createUser(request, { prefix: 'remotefollow' });
  // Their server, on this machine: it answers WebFinger with its page for following from elsewhere.
  const server = await startOutsideSite();
  const host = new URL(server.origin).host;
  server.serve('/.well-known/webfinger', {
    headers: { 'content-type': 'application/jrd+json' },
    body: JSON.stringify({
      subject: `acct:ana@${host}`,
      links: [
        {
          rel: 'http://ostatus.org/schema/1.0/subscribe',
          template: `${server.origin}/authorize_interaction?uri={uri}`,
        },
      ],
    }),
  });
  server.serve('/authorize_interaction', {
    headers: { 'content-type': 'text/html' },
    body: '<html><body><h1>Follow on your server</h1></body></html>',
  });

  await page.goto(`/@${owner.username}`);
  await page.getByRole('link', { name: 'Feed', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: `Follow ${owner.displayName}` });
  const fromAccount = sheet.getByRole('form', { name: 'From your account' });
  const handle = fromAccount.getByLabel('Or type your handle to follow from your account.');
  await handle.fill('ana');
  await fromAccount.getByRole('button', { name: 'Follow from my account' }).click();
  await expect(fromAccount.getByText('Type your handle as @name@your.server')).toBeVisible();

  await handle.fill(`@ana@${host}`);
  await expect(fromAccount.getByText('Type your handle as @name@your.server')).toBeHidden();
  await fromAccount.getByRole('button', { name: 'Follow from my account' }).click();
  await expect(page.getByRole('heading', { name: 'Follow on your server' })).toBeVisible();
  const sentTo = new URL(page.url());
  expect(sentTo.origin).toBe(server.origin);
  expect(sentTo.searchParams.get('uri')).toBe(`${baseURL}/@${owner.username}`);
  await server.close();
});
