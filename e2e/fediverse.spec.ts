import { startFediversePeer } from '../worker/dev/fediverse-peer';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { expectToast } from './support/ui';
import { createUser, signInWithToken } from './support/users';

/** What the peer server was asked to do or has received (its control routes, on loopback). */
async function askPeer<T>(origin: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

type Received = { type: string; object: unknown };

/** The types of the activities the peer's inbox took that name `follow` as their object. */
async function answersTo(origin: string, follow: string): Promise<string[]> {
  const received = await askPeer<Received[]>(origin, '/__peer/received');
  return received
    .filter(({ object }) => JSON.stringify(object).includes(follow))
    .map(({ type }) => type);
}

test('the owner finds their fediverse handle in Profile Settings and the share dialog, and copies it', async ({
  page,
  request,
  baseURL,
}) => {
  const owner = await createUser(request, { prefix: 'handle' });
  const handle = `@${owner.username}@${new URL(baseURL ?? '').host}`;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInWithToken(page, owner);

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Profile Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Profile Settings' });
  await expect(settings.getByRole('textbox', { name: 'Fediverse handle' })).toHaveValue(handle);
  await settings.getByRole('button', { name: 'Copy handle' }).click();
  // Read as text: the open dialog may hide the rest of the page, the notifications with it, from
  // role queries (screen readers hear the toast through its own live announcement).
  await expect(page.getByText('Handle copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(handle);
  await settings.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Share Board' }).click();
  const share = page.getByRole('dialog', { name: 'Share your board' });
  await expect(share.getByRole('textbox', { name: 'Fediverse handle' })).toHaveValue(handle);
});

test('a follower from another server shows in the dashboard, counted, and the owner removes them', async ({
  page,
  request,
  baseURL,
}) => {
  const owner = await createUser(request, { prefix: 'fedi' });
  const peer = await startFediversePeer('rfc9421');
  const handle = `@reader@${new URL(peer.origin).host}`;
  try {
    // The peer follows the board as Mastodon would: a signed Follow, answered by an Accept.
    const { follow } = await askPeer<{ follow: string }>(peer.origin, '/__peer/follow', {
      actor: `${baseURL}/@${owner.username}`,
    });
    await expect
      .poll(() => answersTo(peer.origin, follow), { timeout: 30_000 })
      .toEqual(['Accept']);

    await signInWithToken(page, owner);
    const askedOfThePeer: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().startsWith(peer.origin)) askedOfThePeer.push(sent.url());
    });
    await page.goto('/dashboard');
    const followers = page.getByRole('region', { name: 'Fediverse Followers' });
    const follower = followers.getByRole('listitem').filter({ hasText: handle });
    await expect(follower).toContainText('Peer Reader');
    // The picture the peer's actor names, copied when they followed: drawn from our own store.
    const picture = follower.getByRole('img', { name: 'Peer Reader' });
    const drawn = (await picture.innerHTML()).match(/\/api\/images\/followers\/[\w/.-]+\.png/)?.[0];
    expect(drawn).toBeDefined();
    const copy = await page.request.get(drawn ?? '');
    expect(copy.headers()['content-type']).toBe('image/png');
    expect(askedOfThePeer).toEqual([]);
    // The dashboard's follower number counts them.
    const followerNumber = page
      .getByRole('region', { name: 'Stats' })
      .locator('div')
      .filter({ has: page.getByRole('term').getByText('Followers', { exact: true }) })
      .getByRole('definition');
    await expect(followerNumber).toHaveText('1');

    await expectNoSeriousA11yViolations(page, 'the dashboard with a fediverse follower');

    await follower.getByRole('button', { name: `Remove ${handle}` }).click();
    const confirm = page.getByRole('alertdialog', {
      name: `Remove ${handle} from your followers?`,
    });
    await expect(confirm).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the confirmation to remove a fediverse follower');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expectToast(page, 'Follower removed');
    await expect(followers).toContainText(
      'No one follows your board from Mastodon or the fediverse yet.',
    );
    await expect(followerNumber).toHaveText('0');
    // Our copy of their picture went with them.
    expect((await page.request.get(drawn ?? '')).status()).toBe(404);
    // Their server hears that the follow is over.
    await expect
      .poll(() => answersTo(peer.origin, follow), { timeout: 30_000 })
      .toEqual(['Accept', 'Reject']);
  } finally {
    await peer.close();
  }
});

test("a visitor finds the board's fediverse handle among the ways to follow it", async ({
  page,
  request,
  baseURL,
}) => {
  const owner = await createUser(request, { prefix: 'sheet' });
  const handle = `@${owner.username}@${new URL(baseURL ?? '').host}`;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/@${owner.username}`);
  // The head names the same account to Mastodon, which credits links to the board to it.
  await expect(page.locator('head meta[name="fediverse:creator"]')).toHaveAttribute(
    'content',
    handle,
  );

  // The Feed link brings the app, which opens the ways to follow the board.
  await page.getByRole('link', { name: 'Feed', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: `Follow ${owner.displayName}` });
  const fediverse = sheet.getByRole('region', { name: 'On Mastodon or the fediverse' });
  await expect(fediverse.getByRole('textbox')).toHaveValue(handle);
  await fediverse.getByRole('button', { name: 'Copy' }).click();
  await expect(fediverse.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(handle);
});
