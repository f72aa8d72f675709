import {
  blockDialog,
  newOwnerCreatingABlock,
  openNewBlockDialog,
  pickCategoryAndType,
  saveButton,
} from './support/block-dialog';
import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { boardPanel, boardTab, expectToast, tabWithCount } from './support/ui';
import { createUser, signInWithToken } from './support/users';

test('an owner creates a block through the dialog, edits it and moves it between tabs', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'blocks' });
  await signInWithToken(page, owner);
  await page.goto('/dashboard');
  await expect(
    page.getByRole('heading', { name: `Welcome back, ${owner.displayName}` }),
  ).toBeVisible();

  const create = await openNewBlockDialog(page);
  await expect(create).toBeVisible();
  await pickCategoryAndType(create, 'Learning', 'Books & Reading');
  await create.getByLabel('Title', { exact: true }).fill('The Pragmatic Programmer');
  await create.getByLabel('Subtitle').fill('Hunt and Thomas');
  await create.getByLabel('Description').fill('Reading one chapter a week.');
  await create.getByLabel(/external link/i).fill('https://example.com/pragmatic');
  await saveButton(create).click();

  await expectToast(page, 'Activity block created successfully.');
  await expect(create).toBeHidden();
  await expect(boardTab(page, 'Now')).toHaveAccessibleName(tabWithCount('Now', 1));
  const now = boardPanel(page, 'Now');
  await expect(now.getByText('The Pragmatic Programmer', { exact: true })).toBeVisible();
  await expect(now.getByText('Hunt and Thomas', { exact: true })).toBeVisible();

  await now.getByText('The Pragmatic Programmer', { exact: true }).click();
  const edit = blockDialog(page, 'Edit Activity Block');
  await expect(edit.getByLabel('Title', { exact: true })).toHaveValue('The Pragmatic Programmer');
  await edit.getByLabel('Title', { exact: true }).fill('The Pragmatic Programmer, 2nd edition');
  await saveButton(edit).click();
  await expectToast(page, 'Activity block updated successfully.');
  await expect(
    now.getByText('The Pragmatic Programmer, 2nd edition', { exact: true }),
  ).toBeVisible();

  await now.getByText('The Pragmatic Programmer, 2nd edition', { exact: true }).click();
  await edit.getByRole('button', { name: 'Move to Done' }).click();
  await expectToast(page, 'Activity block moved successfully.');
  await expect(edit).toBeHidden();
  await expect(boardTab(page, 'Done')).toHaveAccessibleName(tabWithCount('Done', 1));
  await expect(boardTab(page, 'Now')).toHaveAccessibleName(tabWithCount('Now', 0));

  await boardTab(page, 'Done').click();
  const done = boardPanel(page, 'Done');
  await done.getByText('The Pragmatic Programmer, 2nd edition', { exact: true }).click();
  await edit.getByRole('button', { name: 'Move to Planned' }).click();
  await expectToast(page, 'Activity block moved successfully.');
  await expect(edit).toBeHidden();
  await expect(boardTab(page, 'Planned')).toHaveAccessibleName(tabWithCount('Planned', 1));
  await expect(boardTab(page, 'Done')).toHaveAccessibleName(tabWithCount('Done', 0));
  await boardTab(page, 'Planned').click();
  await expect(
    boardPanel(page, 'Planned').getByText('The Pragmatic Programmer, 2nd edition', { exact: true }),
  ).toBeVisible();
});

test('in the dialog, status and progress follow each other', async ({ page, request }) => {
  const { create } = await newOwnerCreatingABlock(page, request, 'slider');
  await pickCategoryAndType(create, 'Lifestyle', 'Fitness & Gym');

  const status = create.getByRole('combobox', { name: 'Status' });
  const progress = create.getByRole('slider');
  await expect(status).toHaveText(/Now/);
  await expect(progress).toHaveAttribute('aria-valuenow', '0');

  await status.click();
  await page.getByRole('option', { name: /Done/ }).click();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');

  await progress.focus();
  await page.keyboard.press('Home');
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  await expect(status).toHaveText(/Planned/);

  await page.keyboard.press('ArrowRight');
  await expect(progress).toHaveAttribute('aria-valuenow', '5');
  await expect(status).toHaveText(/Now/);

  // On a new block the quick buttons only set status and progress.
  await create.getByRole('button', { name: 'Move to Done' }).click();
  await expect(status).toHaveText(/Done/);
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await create.getByRole('button', { name: 'Move to Now' }).click();
  await expect(status).toHaveText(/Now/);
  await expect(progress).toHaveAttribute('aria-valuenow', '50');
  await expect(create).toBeVisible();
});

test('saving a block without a title says "Please enter a title."', async ({ page, request }) => {
  const { create } = await newOwnerCreatingABlock(page, request, 'notitle');
  await pickCategoryAndType(create, 'Work', 'Tasks & Goals');
  await saveButton(create).click();
  await expect(page.getByText('Please enter a title.').first()).toBeVisible();
  await expect(create).toBeVisible();
});

test('an owner deletes a block after confirming', async ({ page, request }) => {
  const owner = await createUser(request, { prefix: 'delete' });
  await createBlock(request, owner, { title: 'Block to delete' });
  await signInWithToken(page, owner);
  await page.goto('/dashboard');
  await page.getByText('Block to delete', { exact: true }).click();
  const edit = blockDialog(page, 'Edit Activity Block');
  await edit.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(
    confirm.getByText('Are you sure you want to delete this activity block?'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: /Delete/ }).click();
  await expectToast(page, 'Activity block deleted successfully.');
  await expect(page.getByText('Block to delete', { exact: true })).toBeHidden();
  await expect(boardTab(page, 'Now')).toHaveAccessibleName(tabWithCount('Now', 0));
});

test('the card size choice gives large wide cards or compact cards without an image box', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'sizes' });
  await createBlock(request, owner, { title: 'Sourdough' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithToken(page, owner);
  await page.goto('/dashboard');
  const card = page.getByRole('listitem').filter({ hasText: 'Sourdough' });
  await expect(card).toBeVisible();
  const sizeOf = async () => {
    const box = await card.boundingBox();
    if (!box) throw new Error('the card has no box');
    return box;
  };
  const cardSize = page.getByRole('radiogroup', { name: 'Card size' });

  const standard = await sizeOf();
  await cardSize.getByRole('radio', { name: 'Large' }).click();
  await expect.poll(async () => (await sizeOf()).width).toBeGreaterThan(standard.width * 1.2);
  await cardSize.getByRole('radio', { name: 'Compact' }).click();
  await expect.poll(async () => (await sizeOf()).height).toBeLessThan(standard.height * 0.8);
  await cardSize.getByRole('radio', { name: 'Default' }).click();
  await expect.poll(async () => (await sizeOf()).height).toBeCloseTo(standard.height, 0);
});
