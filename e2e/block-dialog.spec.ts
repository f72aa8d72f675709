import {
  blockDialog,
  newOwnerCreatingABlock,
  openNewBlockDialog,
  pickCategoryAndType,
  saveButton,
} from './support/block-dialog';
import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { boardPanel, boardTab, expectToast } from './support/ui';
import { createUser, signInWithToken } from './support/users';

test('closing the dialog with unsaved changes asks first; Keep editing keeps the work', async ({
  page,
  request,
}) => {
  const { create } = await newOwnerCreatingABlock(page, request, 'discard');
  await pickCategoryAndType(create, 'Learning', 'Books & Reading');
  await create.getByLabel('Title', { exact: true }).fill('Half-written thought');

  const confirm = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await page.keyboard.press('Escape');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await expect(confirm).toBeHidden();
  await expect(create.getByLabel('Title', { exact: true })).toHaveValue('Half-written thought');

  // A click on the overlay, outside the dialog.
  await page.mouse.click(5, 5);
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await expect(create).toBeVisible();

  await create.getByRole('button', { name: 'Cancel' }).click();
  await confirm.getByRole('button', { name: 'Discard' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText('Half-written thought')).toBeHidden();
});

test('closing the dialog with nothing changed asks nothing', async ({ page, request }) => {
  const owner = await createUser(request, { prefix: 'noask' });
  await createBlock(request, owner, { title: 'Untouched block' });
  await signInWithToken(page, owner);
  await page.goto('/dashboard');

  const create = await openNewBlockDialog(page);
  await expect(create).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(create).toBeHidden();

  await page.getByText('Untouched block', { exact: true }).click();
  const edit = blockDialog(page, 'Edit Activity Block');
  await expect(edit).toBeVisible();
  // A change that is undone leaves nothing to lose.
  await edit.getByLabel('Title', { exact: true }).fill('Touched');
  await edit.getByLabel('Title', { exact: true }).fill('Untouched block');
  await page.mouse.click(5, 5);
  await expect(edit).toBeHidden();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('a field error clears as soon as the field is fixed, before saving again', async ({
  page,
  request,
}) => {
  const { create } = await newOwnerCreatingABlock(page, request, 'fixerr');
  await saveButton(create).click();
  await expect(create.getByText('Please enter a title.')).toBeVisible();
  await expect(create.getByText('Please select a category and type.')).toBeVisible();

  await create.getByLabel('Title', { exact: true }).fill('Fixed');
  await expect(create.getByText('Please enter a title.')).toBeHidden();
  await expect(create.getByLabel('Title', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'false',
  );
  await pickCategoryAndType(create, 'Learning', 'Books & Reading');
  await expect(create.getByText('Please select a category and type.')).toBeHidden();
});

test('focus starts on the first field, moves to the new card after create and back to the card after edit', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'focus' });
  await createBlock(request, owner, { title: 'Existing block' });
  await signInWithToken(page, owner);
  await page.goto('/dashboard');

  const newBlock = page.getByRole('button', { name: 'New Block' });
  await newBlock.click();
  const create = blockDialog(page, 'Create Activity Block');
  await expect(create.getByRole('button', { name: /^\W*Learning\b/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(create).toBeHidden();
  await expect(newBlock).toBeFocused();

  await newBlock.click();
  await pickCategoryAndType(create, 'Learning', 'Books & Reading');
  await create.getByLabel('Title', { exact: true }).fill('Brand new block');
  await create.getByRole('button', { name: 'Move to Planned' }).click();
  await saveButton(create).click();
  await expectToast(page, 'Activity block created successfully.');
  await expect(create).toBeHidden();
  const planned = boardPanel(page, 'Planned');
  await expect(boardTab(page, 'Planned')).toBeChecked();
  await expect(planned.getByRole('button', { name: 'Brand new block', exact: true })).toBeFocused();

  await boardTab(page, 'Now').click();
  await boardPanel(page, 'Now').getByText('Existing block', { exact: true }).click();
  const edit = blockDialog(page, 'Edit Activity Block');
  await expect(edit.getByLabel('Label')).toBeFocused();
  await edit.getByLabel('Title', { exact: true }).fill('Existing block, edited');
  await saveButton(edit).click();
  await expect(edit).toBeHidden();
  await expect(
    boardPanel(page, 'Now').getByRole('button', { name: 'Existing block, edited', exact: true }),
  ).toBeFocused();
});

test('choosing a type fills the label unless the owner typed their own', async ({
  page,
  request,
}) => {
  const { create } = await newOwnerCreatingABlock(page, request, 'label');
  await pickCategoryAndType(create, 'Learning', 'Books & Reading');
  await expect(create.getByLabel('Label')).toHaveValue('Books & Reading');

  await create.getByRole('button', { name: 'Change' }).click();
  await create.getByRole('button', { name: /^\W*Courses\b/ }).click();
  await expect(create.getByLabel('Label')).not.toHaveValue('Books & Reading');
  await create.getByLabel('Label').fill('My own label');
  await create.getByRole('button', { name: 'Change' }).click();
  await create.getByRole('button', { name: /^\W*Books & Reading\b/ }).click();
  await expect(create.getByLabel('Label')).toHaveValue('My own label');
});

test('a stored image shows as a thumbnail with Replace and Remove, not as its path', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'thumb' });
  const storedPath = '/api/images/generated/1/00000000-0000-4000-8000-000000000000.jpg';
  await createBlock(request, owner, { title: 'Pictured block', imageUrl: storedPath });
  await signInWithToken(page, owner);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Pictured block', exact: true }).click();
  const edit = blockDialog(page, 'Edit Activity Block');
  const image = edit.getByRole('group', { name: 'Image', exact: true });
  await expect(image.locator('img')).toHaveAttribute('src', storedPath);
  await expect(edit.getByRole('textbox', { name: 'Image URL' })).toHaveCount(0);
  await expect(edit.getByText(storedPath)).toHaveCount(0);

  await image.getByRole('button', { name: 'Remove' }).click();
  const imageUrl = edit.getByRole('textbox', { name: 'Image URL' });
  await expect(imageUrl).toHaveValue('');
  await expect(imageUrl).toBeFocused();
  await saveButton(edit).click();
  await expectToast(page, 'Activity block updated successfully.');
  const saved = await request.get('/api/blocks/me', {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  const { blocks } = (await saved.json()) as { blocks: { imageUrl: string | null }[] };
  expect(blocks[0]?.imageUrl).toBeNull();
});

test('a deleted block is gone for visitors at once and for good after the window, with the tab closed; Undo brings another back in place', async ({
  page,
  context,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'undo' });
  const auth = { authorization: `Bearer ${owner.token}` };
  const kept = await createBlock(request, owner, {
    title: 'Block to keep',
    subtitle: 'With its subtitle',
    status: 'planned',
    progress: 0,
  });
  const lost = await createBlock(request, owner, {
    title: 'Block to lose',
    status: 'planned',
    progress: 0,
  });
  const ownBlocks = async () =>
    (
      (await (await request.get('/api/blocks/me', { headers: auth })).json()) as {
        blocks: { id: number; title: string }[];
      }
    ).blocks;
  const visitorTitles = async () =>
    (
      (await (await request.get(`/api/boards/${owner.username}`)).json()) as {
        blocks: { title: string }[];
      }
    ).blocks.map((block) => block.title);
  const before = await ownBlocks();
  await signInWithToken(page, owner);
  await page.goto('/dashboard');
  await boardTab(page, 'Planned').click();
  const planned = boardPanel(page, 'Planned');
  const edit = blockDialog(page, 'Edit Activity Block');

  // Delete, and close the tab as soon as the server has it: no page is left to finish the job.
  await planned.getByRole('button', { name: 'Block to lose', exact: true }).click();
  await edit.getByRole('button', { name: 'Delete' }).click();
  const deleted = page.waitForResponse(
    (response) =>
      response.request().method() === 'DELETE' && response.url().endsWith(`/api/blocks/${lost.id}`),
  );
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  expect((await deleted).status()).toBe(200);
  await page.close();
  expect(await visitorTitles()).toEqual(['Block to keep']);
  await new Promise((resolve) => setTimeout(resolve, 5500));
  expect((await request.get('/cdn-cgi/handler/scheduled')).ok()).toBe(true);
  const tooLate = await request.post(`/api/blocks/${lost.id}/restore`, { headers: auth });
  expect(tooLate.status()).toBe(404);
  expect((await ownBlocks()).map((block) => block.id)).toEqual([kept.id]);

  // Another: Undo brings it back exactly, in its place, on the server.
  const again = await context.newPage();
  await signInWithToken(again, owner);
  await again.goto('/dashboard');
  await boardTab(again, 'Planned').click();
  const plannedAgain = boardPanel(again, 'Planned');
  await plannedAgain.getByRole('button', { name: 'Block to keep', exact: true }).click();
  await blockDialog(again, 'Edit Activity Block').getByRole('button', { name: 'Delete' }).click();
  await again.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(again, 'Activity block deleted successfully.');
  await expect(plannedAgain.getByText('Block to keep', { exact: true })).toBeHidden();
  expect(await visitorTitles()).toEqual([]);
  await again.getByRole('button', { name: 'Undo' }).click();
  await expect(plannedAgain.getByText('Block to keep', { exact: true })).toBeVisible();
  await expect(plannedAgain.getByText('With its subtitle', { exact: true })).toBeVisible();
  expect(await ownBlocks()).toEqual(before.filter((block) => block.id === kept.id));
  expect(await visitorTitles()).toEqual(['Block to keep']);
});
