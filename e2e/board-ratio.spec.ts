import type { Locator, Page } from '@playwright/test';
import {
  blockDialog,
  openNewBlockDialog,
  pickCategoryAndType,
  saveButton,
} from './support/block-dialog';
import { uploadBlockImage } from './support/blocks';
import { expect, test } from './support/fixtures';
import { createUser, signInWithToken } from './support/users';

// A 1×1 PNG, stored for the block's image (a block keeps a copy of any other site's).
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Width over height of the card's image box. */
async function shapeOf(box: Locator) {
  await expect(box).toBeVisible();
  const size = await box.boundingBox();
  return (size?.width ?? 0) / (size?.height ?? 1);
}

async function chooseBoardRatio(page: Page, label: '1:1' | '16:9' | '9:16') {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/boards/me') && response.ok(),
  );
  await page.getByRole('radio', { name: label }).check();
  await saved;
}

test("a new block follows the board's image ratio, and changes shape when the board's does", async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'ratio' });
  const imageUrl = await uploadBlockImage(request, owner, png);
  await signInWithToken(page, owner);
  await page.goto('/dashboard');
  await chooseBoardRatio(page, '16:9');

  const create = await openNewBlockDialog(page);
  await pickCategoryAndType(create, 'Learning', 'Books & Reading');
  await create.getByLabel('Title', { exact: true }).fill('Dune');
  await create.getByLabel('Image URL').fill(imageUrl);
  // "Board ratio" is the new block's choice unless the person picks another.
  await expect(create.getByRole('button', { name: 'Board ratio' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await saveButton(create).click();
  await expect(create).toBeHidden();

  const box = page.getByRole('button', { name: 'View image: Dune' });
  await expect.poll(() => shapeOf(box)).toBeCloseTo(16 / 9, 1);

  await chooseBoardRatio(page, '9:16');
  await expect.poll(() => shapeOf(box)).toBeCloseTo(3 / 4, 1);
  await chooseBoardRatio(page, '1:1');
  await expect.poll(() => shapeOf(box)).toBeCloseTo(1, 1);

  // A block given its own ratio keeps it whatever the board's.
  await page.getByRole('button', { name: 'Dune', exact: true }).click();
  const edit = blockDialog(page, 'Edit Activity Block');
  await edit.getByRole('button', { name: 'Wide (16:9)' }).click();
  await saveButton(edit).click();
  await expect(edit).toBeHidden();
  await expect.poll(() => shapeOf(box)).toBeCloseTo(16 / 9, 1);
  await chooseBoardRatio(page, '9:16');
  await expect.poll(() => shapeOf(box)).toBeCloseTo(16 / 9, 1);
});
