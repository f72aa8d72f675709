import type { Locator } from '@playwright/test';
import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { createUser, uniqueUsername } from './support/users';

test('from the landing page to a first block on the board takes 4 presses and 4 typed fields', async ({
  page,
  request,
}) => {
  // Something others are up to this week, for the empty board to offer.
  const host = await createUser(request, { prefix: 'popular', listed: true });
  const title = `Sourdough${Date.now().toString(36)} every weekend`;
  const block = await createBlock(request, host, { title, status: 'now' });
  for (const prefix of ['fana', 'fanb', 'fanc']) {
    const fan = await createUser(request, { prefix });
    const copied = await request.post(`/api/blocks/${block.id}/copy`, {
      headers: { authorization: `Bearer ${fan.token}` },
    });
    expect(copied.status(), await copied.text()).toBe(201);
  }
  expect((await request.get('/cdn-cgi/handler/scheduled?cron=*/10+*+*+*+*')).ok()).toBe(true);

  let presses = 0;
  let typedFields = 0;
  const press = async (control: Locator) => {
    presses += 1;
    await control.click();
  };
  const type = async (field: Locator, text: string) => {
    typedFields += 1;
    await field.fill(text);
  };

  const username = uniqueUsername('newcomer');
  await page.goto('/');
  await press(page.getByRole('link', { name: 'Create Your Board' }).first());
  const signUp = page.getByRole('tabpanel', { name: 'Sign Up' });
  await type(signUp.getByLabel('Display Name'), 'New Comer');
  await type(signUp.getByLabel('Username'), username);
  await type(signUp.getByLabel('Email'), `${username}@example.com`);
  await type(signUp.getByLabel('Password', { exact: true }), 'up2-newcomer-passphrase');
  await press(signUp.getByRole('button', { name: /^(Sign Up|Create Account)$/i }));
  await press(
    page
      .getByRole('tabpanel', { name: 'Sign In' })
      .getByRole('button', { name: 'Sign In', exact: true }),
  );
  await expect(page.getByRole('heading', { name: 'Welcome, New Comer' })).toBeVisible();

  const trending = page.getByRole('region', { name: 'Trending this week' });
  await press(trending.getByRole('button', { name: `Copy ${title}` }));
  // The offer goes once the board has its first block, which the board then shows.
  await expect(trending).toBeHidden();
  const firstBlock = page.getByRole('main').getByRole('article').filter({ hasText: title });
  await expect(firstBlock).toBeVisible();
  // Copies land in Planned: the board shows that tab, with the new card in focus.
  await expect(page.getByRole('radio', { name: 'Planned 1' })).toBeChecked();
  await expect
    .poll(() => firstBlock.evaluate((card) => card.contains(document.activeElement)))
    .toBe(true);
  expect({ presses, typedFields }).toEqual({ presses: 4, typedFields: 4 });
});
