import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { createUser, signInWithToken } from './support/users';

test("an owner makes a token in settings, a script moves a block's progress with it, and revoking it stops it at once", async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'pat' });
  const block = await createBlock(request, owner, { title: 'Marathon training', progress: 40 });
  await signInWithToken(page, owner);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Profile Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Profile Settings' });
  await settings.getByRole('tab', { name: 'Account' }).click();

  await settings.getByRole('textbox', { name: 'Token name' }).fill('iOS Shortcut');
  await settings.getByRole('button', { name: 'Create Token' }).click();
  const shown = settings.getByRole('textbox', { name: /Copy your new token now/ });
  await expect(shown).toHaveValue(/^up2_pat_/);
  const token = await shown.inputValue();
  const tokens = settings.getByRole('list', { name: 'Your tokens' });
  await expect(tokens).toContainText('iOS Shortcut');
  await expect(tokens).toContainText('read, blocks:write');
  await expect(tokens).toContainText('Never used yet');
  await settings.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expect(settings.getByText(token)).toHaveCount(0);

  // The script: `curl -X PUT …/api/blocks/<id> -H "Authorization: Bearer up2_pat_…" -d '{"progress":70}'`.
  const moved = await request.put(`/api/blocks/${block.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { progress: 70 },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  const board = await request.get(`/api/boards/${owner.username}`);
  const shownBlock = (
    (await board.json()) as { blocks: { id: number; progress: number }[] }
  ).blocks.find((each) => each.id === block.id);
  expect(shownBlock?.progress).toBe(70);
  // Never on the account.
  const account = await request.get('/api/account/export', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(account.status()).toBe(403);

  await settings.getByRole('button', { name: 'Revoke token iOS Shortcut' }).click();
  await expect(settings.getByRole('status')).toHaveText('Token revoked.');
  await expect(tokens).toBeHidden();
  const after = await request.put(`/api/blocks/${block.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { progress: 80 },
  });
  expect(after.status()).toBe(401);
});
