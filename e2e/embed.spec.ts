import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { startPartnerSite } from './support/partner-site';
import { tabWithCount } from './support/ui';
import { createUser } from './support/users';

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
  await expect(page.getByRole('tab', { name: /^\s*Now\b/ })).toHaveAccessibleName(
    tabWithCount('Now', 1),
  );
  await expect(page.getByRole('tab', { name: /^\s*Planned\b/ })).toHaveAccessibleName(
    tabWithCount('Planned', 0),
  );
  await expect(page.getByRole('tab', { name: /^\s*Done\b/ })).toHaveAccessibleName(
    tabWithCount('Done', 1),
  );
  await expect(page.getByText('Tour de France route', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Visit/ })).toHaveAttribute(
    'href',
    'https://example.com/tour',
  );
  // Read-only: nothing to copy, edit or create.
  await expect(page.getByRole('button', { name: /copy|edit|new block|create/i })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

  await page.getByRole('tab', { name: /^\s*Planned\b/ }).click();
  await expect(page.getByText('No activities yet')).toBeVisible();

  const fullBoard = page.getByRole('contentinfo').getByRole('link');
  await expect(fullBoard).toHaveAttribute('href', new RegExp(`/@${owner.username}$`));
});

test('the embed works inside an iframe on another site', async ({ page, request, baseURL }) => {
  const owner = await createUser(request, { prefix: 'iframe' });
  await createBlock(request, owner, { title: 'Embedded block' });
  const partner = await startPartnerSite(`<!doctype html><html lang="en"><title>Partner blog</title>
    <h1>My blog</h1>
    <iframe title="My Up2 board" src="${baseURL}/embed/@${owner.username}" width="100%" height="600"></iframe>`);
  try {
    await page.goto(partner.url);
    const frame = page.getByTitle('My Up2 board').contentFrame();
    await expect(frame.getByRole('heading', { name: owner.displayName })).toBeVisible();
    await expect(frame.getByText('Embedded block', { exact: true })).toBeVisible();
  } finally {
    await partner.close();
  }
});

test('an embed of an unknown user says "Board not found"', async ({ page }) => {
  await page.goto('/embed/@nosuchuser0000zz');
  await expect(page.getByText('Board not found')).toBeVisible();
});
