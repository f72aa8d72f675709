import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { createUser, signInWithToken } from './support/users';

const thisYear = new Date().getUTCFullYear();

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(png: Buffer) {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

test('an owner sets a goal, finishes a block, and the board shows the goal move', async ({
  page,
  newPage,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'goal' });
  const block = await createBlock(request, owner, { title: 'Dune', status: 'now' });
  // December: the dashboard offers the year in review from then on.
  await page.clock.setFixedTime(new Date(`${thisYear}-12-02T10:00:00`));
  await signInWithToken(page, owner);
  await page.goto('/dashboard');

  const goals = page.getByRole('region', { name: `Goals for ${thisYear}` });
  const form = goals.getByRole('form', { name: 'New goal' });
  await form.getByLabel('Finish', { exact: true }).fill('1');
  await form.getByLabel('Of', { exact: true }).selectOption({ label: 'Books & Reading' });
  await form.getByRole('button', { name: 'Set goal' }).click();
  const goalTitle = `Finish 1 Books & Reading in ${thisYear}`;
  await expect(goals.getByText(goalTitle)).toBeVisible();
  await expect(goals.getByText('0 of 1')).toBeVisible();

  const reader = await newPage();
  await reader.goto(`/@${owner.username}`);
  const boardGoals = reader.getByRole('region', { name: 'Goals this year' });
  await expect(boardGoals.getByText(goalTitle)).toBeVisible();
  await expect(boardGoals.getByText('0 of 1')).toBeVisible();
  await expect(boardGoals.getByRole('link', { name: `${thisYear} in review` })).toBeHidden();

  const finished = await request.put(`/api/blocks/${block.id}`, {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { status: 'done' },
  });
  expect(finished.status(), await finished.text()).toBe(200);
  await reader.reload();
  await expect(boardGoals.getByText('Done · 1 of 1')).toBeVisible();
  await expect(boardGoals.getByRole('progressbar', { name: goalTitle })).toHaveAttribute(
    'aria-valuenow',
    '1',
  );
  // Something finished this year: the board links its year in review.
  await boardGoals.getByRole('link', { name: `${thisYear} in review` }).click();
  await expect(reader).toHaveURL(new RegExp(`/@${owner.username}/year/${thisYear}$`));

  // The year in review is offered, and shared with the board's own share dialog.
  const offer = page.getByRole('region', { name: `Your ${thisYear} in review` });
  await offer.getByRole('button', { name: `Share your ${thisYear}` }).click();
  const dialog = page.getByRole('dialog', { name: `Share your ${thisYear}` });
  await expect(dialog.getByRole('textbox', { name: 'Board link' })).toHaveValue(
    new RegExp(`/@${owner.username}/year/${thisYear}$`),
  );
  await expect(dialog.getByRole('img', { name: /^QR code of / })).toBeVisible();
});

test('the year in review reads whole with JavaScript off, and its two images have their sizes', async ({
  newPage,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'year' });
  await createBlock(request, owner, { title: 'Portuguese A2', status: 'done', progress: 100 });

  const page = await newPage({ javaScriptEnabled: false });
  const answer = await page.goto(`/@${owner.username}/year/${thisYear}`);
  expect(answer?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: `${thisYear} in review` })).toBeVisible();
  await expect(page.getByText('blocks finished')).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'Portuguese A2' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'News per month' }).getByRole('listitem'),
  ).toHaveCount(12);
  const download = page.getByRole('link', { name: 'Download story image' });
  const storyPath = await download.getAttribute('href');
  expect(storyPath).toBe(`/api/og/${owner.username}/years/${thisYear}-story.png`);

  const cardPath = await page.locator('meta[property="og:image"]').getAttribute('content');
  const card = await request.get(cardPath ?? '');
  expect(card.status()).toBe(200);
  expect(pngSize(await card.body())).toEqual({ width: 1200, height: 630 });
  const story = await request.get(storyPath ?? '');
  expect(story.headers()['content-type']).toBe('image/png');
  expect(pngSize(await story.body())).toEqual({ width: 1080, height: 1920 });

  const empty = await page.goto(`/@${owner.username}/year/2019`);
  expect(empty?.status()).toBe(200);
  await expect(page.getByText('Nothing happened on this board in 2019')).toBeVisible();
  await expect(page.getByRole('link', { name: `See ${owner.displayName}'s board` })).toBeVisible();
});
