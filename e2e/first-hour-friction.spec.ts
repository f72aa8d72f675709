import { startOutsideSite } from '../worker/dev/outside-site';
import {
  blockDialog,
  newOwnerCreatingABlock,
  pickCategoryAndType,
  saveButton,
} from './support/block-dialog';
import { createBlock, onePixelPng, uploadBlockImage } from './support/blocks';
import { expect, test } from './support/fixtures';
import { notifications } from './support/ui';
import { createUser, signInWithToken } from './support/users';

test('a typed link offers Fill from link, which takes the subtitle from the author', async ({
  page,
  request,
}) => {
  const site = await startOutsideSite();
  site.serve('/kindred', {
    headers: { 'content-type': 'text/html' },
    body: `<html><head>
      <meta property="og:title" content="Kindred">
      <meta property="og:site_name" content="Good Books">
      <meta property="book:author" content="Octavia E. Butler">
    </head><body></body></html>`,
  });
  try {
    const { create } = await newOwnerCreatingABlock(page, request, 'typedlink');
    await pickCategoryAndType(create, 'Learning', 'Books & Reading');
    // Typed key by key, as a person (or autofill) would: no paste event.
    await create.getByLabel('External link').pressSequentially(`${site.origin}/kindred`);
    await create.getByRole('button', { name: 'Fill from link' }).click();
    await expect(create.getByLabel('Title', { exact: true })).toHaveValue('Kindred');
    await expect(create.getByLabel('Subtitle', { exact: true })).toHaveValue('Octavia E. Butler');
    await expect(create.getByRole('button', { name: 'Fill from link' })).toHaveCount(0);
  } finally {
    await site.close();
  }
});

test('a link block is completed with https://, tracks no progress and reads "Added today"', async ({
  page,
  request,
}) => {
  const { create } = await newOwnerCreatingABlock(page, request, 'linkblock');
  await pickCategoryAndType(create, 'Digital & Links', 'GitHub');
  await expect(create.getByRole('switch', { name: 'Track progress' })).not.toBeChecked();
  await create.getByLabel('Title', { exact: true }).fill('My code');
  const link = create.getByLabel('External link');
  await link.fill('github.com/ada');
  await link.blur();
  await expect(link).toHaveValue('https://github.com/ada');
  await saveButton(create).click();
  await expect(create).toBeHidden();

  const card = page.getByRole('article').filter({ hasText: 'My code' });
  await expect(card.getByText('Added today')).toBeVisible();
  await expect(card.getByRole('progressbar')).toHaveCount(0);
  await expect(card.getByRole('link', { name: /Visit/ })).toHaveAttribute(
    'href',
    'https://github.com/ada',
  );
});

test('closing an untouched block dialog asks nothing; a missing title is told once, at its field', async ({
  page,
  request,
}) => {
  const { create } = await newOwnerCreatingABlock(page, request, 'discard');
  await pickCategoryAndType(create, 'Learning', 'Books & Reading');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog', { name: 'Discard changes?' })).toHaveCount(0);
  await expect(create).toBeHidden();

  await page.getByRole('button', { name: 'New Block' }).click();
  await pickCategoryAndType(create, 'Learning', 'Books & Reading');
  await saveButton(create).click();
  const title = create.getByLabel('Title', { exact: true });
  await expect(title).toHaveAccessibleDescription('Please enter a title.');
  await expect(title).toBeFocused();
  // Counted after a pause, not awaited: `toHaveCount(0)` passes before a toast drawn a frame later.
  await page.waitForTimeout(500);
  expect(await notifications(page).getByText('Please enter a title.').count()).toBe(0);

  await title.fill('Dune');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog', { name: 'Discard changes?' })).toBeVisible();
});

test('an onboarding example opens the block dialog with its type chosen', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'example' });
  await signInWithToken(page, owner);
  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'Start your board' });
  await banner.getByRole('button', { name: 'A book' }).click();
  const create = blockDialog(page, 'Create Activity Block');
  await expect(create.getByLabel('Label')).toHaveValue('Books & Reading');
  await create.getByLabel('Title', { exact: true }).fill('Piranesi');
  await saveButton(create).click();
  await expect(create).toBeHidden();
  await expect(page.getByRole('article').filter({ hasText: 'Piranesi' })).toBeVisible();
});

test('the owner sees Private on their own private board', async ({ page, request }) => {
  const owner = await createUser(request, { prefix: 'privmark' });
  const hidden = await request.put('/api/auth/me', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { isPublic: false },
  });
  expect(hidden.status()).toBe(200);
  await signInWithToken(page, owner);
  await page.goto(`/@${owner.username}`);
  await expect(page.getByRole('heading', { name: owner.displayName })).toBeVisible();
  await expect(page.getByText('Private', { exact: true })).toBeVisible();
});

test('the Feed link opens a follow sheet with the feed address to copy', async ({
  page,
  request,
  baseURL,
}) => {
  const owner = await createUser(request, { prefix: 'feedsheet' });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/@${owner.username}`);
  await page.getByRole('link', { name: 'Feed', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: `Follow ${owner.displayName}` });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  const address = `${baseURL}/@${owner.username}/feed.xml`;
  await expect(sheet.getByLabel('In a feed reader: add this address.')).toHaveValue(address);
  const feedReader = sheet.getByRole('region', { name: 'In a feed reader' });
  await feedReader.getByRole('button', { name: 'Copy' }).click();
  await expect(feedReader.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  expect(page.url()).not.toContain('feed.xml');
});

test('Compact shows no images, in rows of even height', async ({ page, request }) => {
  const owner = await createUser(request, { prefix: 'compact' });
  await createBlock(request, owner, {
    title: 'A long one',
    label: 'Reading list for the long winter',
    description: 'A description long enough to take three lines of a narrow card on the board.',
    imageUrl: await uploadBlockImage(request, owner, onePixelPng),
  });
  await createBlock(request, owner, { title: 'Short', label: 'Reading list for the long winter' });
  await signInWithToken(page, owner);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);

  await page.getByRole('radio', { name: 'Compact' }).check();
  await expect(page.locator('.block-card img')).toHaveCount(0);
  const [first, second] = await Promise.all([
    cards.nth(0).boundingBox(),
    cards.nth(1).boundingBox(),
  ]);
  expect(first?.y).toBe(second?.y);
  expect(first?.height).toBe(second?.height);
});

test("with images hidden the owner's drag handle leaves each card's label clear", async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'handle' });
  await createBlock(request, owner, {
    title: 'A long one',
    label: 'Reading list for the long winter',
  });
  await createBlock(request, owner, { title: 'Short', label: 'Reading list for the long winter' });
  await signInWithToken(page, owner);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  await page.getByRole('switch', { name: 'Hide images' }).click();
  await expect(page.locator('.block-card img')).toHaveCount(0);
  for (const title of ['A long one', 'Short']) {
    const cell = page
      .locator('li')
      .filter({ has: page.getByRole('article').filter({ hasText: title }) });
    const handle = await cell.getByRole('button', { name: `Move ${title}` }).boundingBox();
    const label = await cell.getByText('Reading list for the long winter').boundingBox();
    if (!handle || !label) throw new Error('the handle or the label is not drawn');
    const overlaps =
      label.x < handle.x + handle.width &&
      handle.x < label.x + label.width &&
      label.y < handle.y + handle.height &&
      handle.y < label.y + label.height;
    expect(overlaps, `the handle covers the label of ${title}`).toBe(false);
  }
});

test('the preset avatars are drawn by our own origin: each shows a picture and none is fetched elsewhere', async ({
  page,
  request,
  baseURL,
}) => {
  const owner = await createUser(request, { prefix: 'avatars' });
  const elsewhere: string[] = [];
  const drawn = new Map<string, number>();
  page.on('request', (sent) => {
    const url = sent.url();
    if (!url.startsWith(`${baseURL}/`) && !url.startsWith('data:')) elsewhere.push(url);
  });
  page.on('response', (answer) => {
    const { pathname } = new URL(answer.url());
    if (pathname.startsWith('/api/avatars/')) drawn.set(pathname, answer.status());
  });
  await signInWithToken(page, owner);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Profile Settings' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio', { name: /avatar\)$/ })).toHaveCount(16);
  // Each preset's picture (a background image), and the one generated from the username, was
  // fetched from our origin and drawn, each a face of its own.
  await expect.poll(() => drawn.size).toBe(17);
  expect([...drawn.values()]).toEqual(Array(17).fill(200));
  expect(drawn.has(`/api/avatars/avataaars/${owner.username}.svg`)).toBe(true);
  const pictures = await Promise.all(
    [...drawn.keys()].map(async (path) => (await request.get(path)).text()),
  );
  expect(new Set(pictures).size).toBe(17);

  await dialog.getByRole('radio', { name: 'Luna (avataaars avatar)' }).check();
  await dialog.getByRole('button', { name: /^Save/ }).click();
  await expect(dialog).toBeHidden();
  await page.goto(`/@${owner.username}`);
  await expect(page.locator('header [style*="/api/avatars/avataaars/Luna.svg"]')).toBeAttached();
  expect(elsewhere).toEqual([]);
});
