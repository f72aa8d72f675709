import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createUser, signInWithToken } from './users';

export function blockDialog(page: Page, title: 'Create Activity Block' | 'Edit Activity Block') {
  return page.getByRole('dialog', { name: title });
}

/** Presses New Block on the dashboard: the create dialog. */
export async function openNewBlockDialog(page: Page) {
  await page.getByRole('button', { name: 'New Block' }).click();
  return blockDialog(page, 'Create Activity Block');
}

/** A new owner, signed in on their dashboard, with the create dialog open. */
export async function newOwnerCreatingABlock(
  page: Page,
  request: APIRequestContext,
  prefix: string,
) {
  const owner = await createUser(request, { prefix });
  await signInWithToken(page, owner);
  await page.goto('/dashboard');
  return { owner, create: await openNewBlockDialog(page) };
}

/** Step 1 and step 2 of the dialog: a category, then one of its types. */
export async function pickCategoryAndType(dialog: Locator, category: string, type: string) {
  await dialog
    .getByRole('button', { name: new RegExp(`^\\W*${escapeRegExp(category)}\\b`) })
    .click();
  await dialog.getByRole('button', { name: new RegExp(`^\\W*${escapeRegExp(type)}\\b`) }).click();
}

/** "Create Block" in the create dialog, "Save Changes" in the edit dialog. */
export function saveButton(dialog: Locator) {
  return dialog.getByRole('button', { name: /^(Create Block|Save Changes)$/ });
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
