import { expect, test } from './support/fixtures';
import { createUser, signInWithToken } from './support/users';

test("the dashboard charts the board's last 30 days, with the numbers in a table for screen readers", async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'chart' });
  await signInWithToken(page, owner);
  await page.goto('/dashboard');

  const card = page.getByRole('region', { name: 'Last 30 Days' });
  await expect(card.getByText('0 views, 0 clicks')).toBeVisible();
  await expect(card.locator('canvas')).toBeVisible();
  const table = card.getByRole('table', {
    name: 'Views and clicks of your board, each of the last 30 days',
  });
  await expect(table.getByRole('row')).toHaveCount(31);
  const today = new Date().toISOString().slice(0, 10);
  await expect(table.getByRole('row').last()).toHaveAccessibleName(new RegExp(today));
  await card.screenshot({ path: 'test-results/e2e/daily-chart.png' });
});
