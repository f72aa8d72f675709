import { expect, test } from '@playwright/test';

test('the landing page loads', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Up2' })).toBeVisible();
});
