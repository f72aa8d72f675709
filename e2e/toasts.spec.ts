import type { Page } from '@playwright/test';
import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { notifications } from './support/ui';
import { createUser } from './support/users';

const viewports = [
  { name: 'phone', size: { width: 390, height: 844 } },
  { name: 'desktop', size: { width: 1280, height: 800 } },
];

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Fails when the toast showing `text` lies over any link or button of the site's top bar. */
async function expectToastClearOfHeader(page: Page, text: string) {
  const toast = notifications(page).locator('li').filter({ hasText: text });
  await expect(toast).toBeVisible();
  // Settled: Radix slides a toast in before it rests.
  await page.waitForTimeout(400);
  const toastBox = await toast.boundingBox();
  expect(toastBox, 'the toast has a box').not.toBeNull();
  const controls = page.getByRole('navigation', { name: 'Main' }).locator('a, button');
  const covered: string[] = [];
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue;
    const box = await control.boundingBox();
    if (box && toastBox && overlaps(toastBox, box)) {
      covered.push((await control.getAttribute('aria-label')) ?? (await control.innerText()));
    }
  }
  expect(covered, `header controls under the "${text}" toast`).toEqual([]);
}

for (const { name, size } of viewports) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport: size });

    test('a toast never covers the top bar, signed out or signed in', async ({ page, request }) => {
      const owner = await createUser(request, { prefix: 'toasts' });
      await createBlock(request, owner, { title: 'Toasted bread', status: 'now' });

      // Signed out: copying a block asks to sign in first.
      await page.goto(`/@${owner.username}`);
      const copy = page.getByRole('button', { name: 'Copy Toasted bread' }).first();
      await copy.click();
      await expectToastClearOfHeader(page, 'Sign in required');

      // Signed in, through the form: the welcome shows over the dashboard's bar.
      await page.goto('/auth?tab=signin');
      const signIn = page.getByRole('tabpanel', { name: 'Sign In' });
      await expect(signIn.getByLabel('Username')).toBeEnabled();
      await signIn.getByLabel('Username').fill(owner.username);
      await signIn.getByLabel('Password', { exact: true }).fill(owner.password);
      await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expectToastClearOfHeader(page, 'Welcome back!');
    });
  });
}
