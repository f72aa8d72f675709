import type { Page } from '@playwright/test';
import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { startPartnerSite } from './support/partner-site';
import { tabWithCount } from './support/ui';
import { createUser } from './support/users';

/**
 * The embed's status tabs are a radio group ("Status") that CSS reads, so they work without
 * JavaScript; each one's name carries its count.
 */
/** "No activities yet" as shown: every panel carries it, for when the type filter empties it. */
function emptyNote(page: Page) {
  return page.getByText('No activities yet').filter({ visible: true });
}

function statusTab(page: Page, name: 'Now' | 'Planned' | 'Done') {
  return page
    .getByRole('group', { name: 'Status' })
    .getByRole('radio', { name: new RegExp(`^\\s*${name}\\b`) });
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
  await expect(page.getByText(`@${owner.username}`, { exact: true })).toBeVisible();
  await expect(statusTab(page, 'Now')).toHaveAccessibleName(tabWithCount('Now', 1));
  await expect(statusTab(page, 'Planned')).toHaveAccessibleName(tabWithCount('Planned', 0));
  await expect(statusTab(page, 'Done')).toHaveAccessibleName(tabWithCount('Done', 1));
  await expect(statusTab(page, 'Now')).toBeChecked();
  await expect(page.getByText('Tour de France route', { exact: true })).toBeVisible();
  await expect(page.getByText('Finished novel', { exact: true })).toBeHidden();
  await expect(page.getByRole('link', { name: /Visit/ })).toHaveAttribute(
    'href',
    'https://example.com/tour',
  );
  // A click on Visit is counted, as on the full board.
  const counted = page.waitForRequest(
    (r) => r.method() === 'POST' && /\/api\/blocks\/\d+\/click$/.test(r.url()),
  );
  const opened = page.waitForEvent('popup');
  await page.getByRole('link', { name: /Visit/ }).click();
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

  const fullBoard = page.getByRole('contentinfo').getByRole('link');
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
    const types = page.getByRole('group', { name: 'Type' });
    await expect(types.getByRole('radio')).toHaveCount(3);
    await expect(types.getByRole('radio', { name: 'All' })).toBeChecked();
    await expect(page.getByText('Reading Dune', { exact: true })).toBeVisible();
    await expect(page.getByText('Morning rides', { exact: true })).toBeVisible();

    await types.getByRole('radio', { name: 'Running & Cycling' }).check();
    await expect(page.getByText('Morning rides', { exact: true })).toBeVisible();
    await expect(page.getByText('Reading Dune', { exact: true })).toBeHidden();

    // No running block is done: the filtered tab is empty.
    await statusTab(page, 'Done').check();
    await expect(emptyNote(page)).toHaveCount(1);
    await expect(page.getByText('Old book', { exact: true })).toBeHidden();
    await types.getByRole('radio', { name: 'All' }).check();
    await expect(page.getByText('Old book', { exact: true })).toBeVisible();
    await expect(emptyNote(page)).toHaveCount(0);
  });
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
    await expect(frame.getByRole('contentinfo').getByRole('link')).toHaveAttribute(
      'target',
      '_blank',
    );
  } finally {
    await partner.close();
  }
});

test('an embed of an unknown user says "Board not found"', async ({ page }) => {
  const response = await page.goto('/embed/@nosuchuser0000zz');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Board not found')).toBeVisible();
});
