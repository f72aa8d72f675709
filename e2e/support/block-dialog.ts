import type { Locator, Page } from '@playwright/test';

export function blockDialog(page: Page, title: 'Create Activity Block' | 'Edit Activity Block') {
  return page.getByRole('dialog', { name: title });
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
