import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { startPartnerSite } from './support/partner-site';
import { lightness, boardTab as statusTab, tabWithCount } from './support/ui';
import { createUser } from './support/users';

/** A panel's empty state as shown: every panel carries one, for when the filter empties it. */
function emptyNote(page: Page) {
  return page.locator('[data-empty]').filter({ visible: true });
}

test('the embed shows a read-only board with counted tabs and a link to the full board', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'embed' });
  await createBlock(request, owner, {
    title: 'Tour de France route',
    category: 'lifestyle',
    type: 'running-cycling',
    externalUrl: 'https://example.com/tour',
  });
  await createBlock(request, owner, { title: 'Finished novel', status: 'done', progress: 100 });

  await page.goto(`/embed/@${owner.username}`);
  await expect(page.getByRole('heading', { name: owner.displayName })).toBeVisible();
  await expect(page.getByRole('link', { name: `@${owner.username}` })).toHaveAttribute(
    'href',
    `/@${owner.username}`,
  );
  await expect(statusTab(page, 'Now')).toHaveAccessibleName(tabWithCount('Now', 1));
  await expect(statusTab(page, 'Planned')).toHaveAccessibleName(tabWithCount('Planned', 0));
  await expect(statusTab(page, 'Done')).toHaveAccessibleName(tabWithCount('Done', 1));
  await expect(statusTab(page, 'Now')).toBeChecked();
  await expect(page.getByText('Tour de France route', { exact: true })).toBeVisible();
  await expect(page.getByText('Finished novel', { exact: true })).toBeHidden();
  await expect(page.getByRole('link', { name: /Visit Link/ })).toHaveAttribute(
    'href',
    'https://example.com/tour',
  );
  // A click on Visit is counted, as on the full board.
  const counted = page.waitForRequest(
    (r) => r.method() === 'POST' && /\/api\/blocks\/\d+\/click$/.test(r.url()),
  );
  const opened = page.waitForEvent('popup');
  await page.getByRole('link', { name: /Visit Link/ }).click();
  await counted;
  await (await opened).close();
  // Read-only: nothing to copy, edit or create, and no web app around it.
  await expect(page.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

  await statusTab(page, 'Planned').check();
  await expect(emptyNote(page)).toHaveCount(1);
  await expect(page.getByText('Tour de France route', { exact: true })).toBeHidden();
  // Arrow keys move between tabs, as in any radio group.
  await page.keyboard.press('ArrowRight');
  await expect(statusTab(page, 'Done')).toBeChecked();
  await expect(page.getByText('Finished novel', { exact: true })).toBeVisible();

  const fullBoard = page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'View full board on Up2' });
  await expect(fullBoard).toHaveAttribute('href', new RegExp(`/@${owner.username}$`));
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the tabs and the type filter still work', async ({ page, request }) => {
    const owner = await createUser(request, { prefix: 'nojs' });
    await createBlock(request, owner, { title: 'Reading Dune' });
    await createBlock(request, owner, {
      title: 'Morning rides',
      category: 'lifestyle',
      type: 'running-cycling',
    });
    await createBlock(request, owner, { title: 'Old book', status: 'done', progress: 100 });

    await page.goto(`/embed/${owner.username}`);
    const types = page.getByRole('combobox', { name: 'Type' });
    await expect(types.getByRole('option')).toHaveCount(3);
    await expect(types).toHaveValue('all');
    await expect(page.getByText('Reading Dune', { exact: true })).toBeVisible();
    await expect(page.getByText('Morning rides', { exact: true })).toBeVisible();

    await types.selectOption('running-cycling');
    await expect(page.getByText('Morning rides', { exact: true })).toBeVisible();
    await expect(page.getByText('Reading Dune', { exact: true })).toBeHidden();

    // No running block is done: the filtered tab is empty.
    await statusTab(page, 'Done').check();
    await expect(emptyNote(page)).toHaveText('No activities yet');
    await expect(page.getByText('Old book', { exact: true })).toBeHidden();
    await types.selectOption('all');
    await expect(page.getByText('Old book', { exact: true })).toBeVisible();
    await expect(emptyNote(page)).toHaveCount(0);
  });
});

test('in a 600 px frame, and a 320 px sidebar, the embed opens on compact cards', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'compact' });
  await request.put('/api/auth/me', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { bio: 'Reader, rider and weekend cook who writes a long bio about all of it.' },
  });
  for (let index = 1; index <= 8; index += 1) {
    await createBlock(request, owner, {
      title: `Compact block ${index}`,
      subtitle: 'Its subtitle',
      description: 'A description long enough to take a second line in a narrow card.',
      externalUrl: `https://example.com/${index}`,
    });
  }
  for (const width of [320, 600, 1024]) {
    await page.setViewportSize({ width, height: 600 });
    await page.goto(`/embed/@${owner.username}`);
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(8);
    const onFirstScreen = await cards.evaluateAll(
      (all) =>
        all.filter((card) => card.getBoundingClientRect().bottom <= window.innerHeight).length,
    );
    expect(onFirstScreen, `cards wholly on the first screen at ${width} px`).toBeGreaterThanOrEqual(
      3,
    );
  }
  // Each compact card: its icon, title, subtitle, description and Visit.
  const first = page.getByRole('article').first();
  await expect(first.getByRole('heading', { name: 'Compact block 1' })).toBeVisible();
  await expect(first.getByText('Its subtitle')).toBeVisible();
  await expect(first.getByText(/A description long enough/)).toBeVisible();
  await expect(first.getByRole('link', { name: /^Visit/ })).toHaveAttribute(
    'href',
    'https://example.com/1',
  );
  await expect(first.locator('svg use')).toHaveCount(2);
});

test('the embed works inside an iframe on another site', async ({ page, request, baseURL }) => {
  const owner = await createUser(request, { prefix: 'iframe' });
  await createBlock(request, owner, { title: 'Embedded block' });
  await createBlock(request, owner, { title: 'Done elsewhere', status: 'done', progress: 100 });
  const partner = await startPartnerSite(`<!doctype html><html lang="en"><title>Partner blog</title>
    <h1>My blog</h1>
    <iframe title="My Up2 board" src="${baseURL}/embed/@${owner.username}" width="100%" height="600"></iframe>`);
  try {
    await page.goto(partner.url);
    const frame = page.getByTitle('My Up2 board').contentFrame();
    await expect(frame.getByRole('heading', { name: owner.displayName })).toBeVisible();
    await expect(frame.getByText('Embedded block', { exact: true })).toBeVisible();
    await frame.getByRole('radio', { name: /^\s*Done\b/ }).check();
    await expect(frame.getByText('Done elsewhere', { exact: true })).toBeVisible();
    const footerLinks = frame.getByRole('contentinfo').getByRole('link');
    await expect(footerLinks).toHaveText(['View full board on Up2', 'Report']);
    for (const link of await footerLinks.all())
      await expect(link).toHaveAttribute('target', '_blank');
  } finally {
    await partner.close();
  }
});

test('an embed of an unknown user says "Board not found"', async ({ page }) => {
  const response = await page.goto('/embed/@nosuchuser0000zz');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Board not found')).toBeVisible();
});

test('the embed takes the theme it is asked for, follows the reader’s system on auto, and reads well in each', async ({
  browser,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'theme' });
  await createBlock(request, owner, {
    title: 'Night reading',
    externalUrl: 'https://example.com/night',
  });
  const background = (page: Page) =>
    page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const cases = [
    { theme: 'light', scheme: 'dark', dark: false },
    { theme: 'dark', scheme: 'light', dark: true },
    { theme: 'auto', scheme: 'dark', dark: true },
    { theme: 'auto', scheme: 'light', dark: false },
  ] as const;
  for (const { theme, scheme, dark } of cases) {
    const context = await browser.newContext({ colorScheme: scheme });
    const page = await context.newPage();
    await page.goto(`/embed/@${owner.username}?theme=${theme}`);
    await expect(page.getByText('Night reading', { exact: true })).toBeVisible();
    const color = await background(page);
    expect(lightness(color) < 0.5, `${theme} with a ${scheme} system: ${color}`).toBe(dark);
    await expectNoSeriousA11yViolations(page, `embed ?theme=${theme}, ${scheme} system`);
    await context.close();
  }
});

test('a missing avatar leaves the initial, with no broken image, and no script is needed', async ({
  browser,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'avatar', displayName: 'Zed Avatar' });
  const token = owner.token;
  const updated = await request.put('/api/auth/me', {
    headers: { authorization: `Bearer ${token}` },
    data: { avatar: 'https://avatars.invalid/missing.png' },
  });
  expect(updated.status()).toBe(200);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/embed/@${owner.username}`);
  const avatar = page.getByRole('img', { name: 'Zed Avatar' });
  await expect(avatar).toHaveText('Z');
  await expect(avatar.locator('img')).toHaveCount(0);
  await context.close();
});
