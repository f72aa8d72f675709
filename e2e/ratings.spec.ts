import { expectNoSeriousA11yViolations } from './support/a11y';
import {
  blockDialog,
  openNewBlockDialog,
  pickCategoryAndType,
  saveButton,
} from './support/block-dialog';
import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { boardPanel, expectToast, gotoHydrated } from './support/ui';
import { createUser, signInWithToken } from './support/users';

test('an owner rates a book 4½ stars with a short review, and visitors read both on its card', async ({
  page,
  newPage,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'rater' });
  await signInWithToken(page, owner);
  await gotoHydrated(page, '/dashboard');
  const create = await openNewBlockDialog(page);
  await pickCategoryAndType(create, 'Learning', 'Books & Reading');
  await create.getByLabel('Title', { exact: true }).fill('Dune');

  await create.getByRole('combobox', { name: 'Rating' }).click();
  await page.getByRole('option', { name: '4.5 stars' }).click();
  const review = create.getByLabel('Review');
  // The field stops at 500 characters, as the server does.
  await review.fill('x'.repeat(520));
  await expect(review).toHaveValue('x'.repeat(500));
  await expect(create.getByText('500/500 characters')).toBeVisible();
  await review.fill('Slow start, then impossible to put down.');
  await saveButton(create).click();
  await expectToast(page, 'Activity block created successfully.');

  const card = page.getByRole('article').filter({ hasText: 'Dune' });
  await expect(card.getByText('Rated 4.5 out of 5')).toBeAttached();
  await expect(card.getByText('Slow start, then impossible to put down.')).toBeVisible();

  // A visitor reads them without the app.
  const visitor = await newPage({ javaScriptEnabled: false });
  await visitor.goto(`/@${owner.username}`);
  const visitorCard = boardPanel(visitor, 'Now').getByRole('article').filter({ hasText: 'Dune' });
  await expect(visitorCard.getByText('Rated 4.5 out of 5')).toBeAttached();
  await expect(visitorCard.locator('blockquote')).toHaveText(
    'Slow start, then impossible to put down.',
  );
  // Nine stars of ten filled: the stars are drawn in the board's colour up to 90%.
  await expect(visitorCard.locator('.block-card-stars')).toHaveAttribute('style', '--rating:90%');
});

test('a rating is cleared with "No rating"; an empty review leaves no quote', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'unrate' });
  await createBlock(request, owner, { title: 'Rated once', rating: 2, review: 'Meh.' });
  await signInWithToken(page, owner);
  await gotoHydrated(page, '/dashboard');
  await page.getByText('Rated once', { exact: true }).click();
  const edit = blockDialog(page, 'Edit Activity Block');
  await expect(edit.getByRole('combobox', { name: 'Rating' })).toHaveText('2 stars');
  await expect(edit.getByLabel('Review')).toHaveValue('Meh.');
  await edit.getByRole('combobox', { name: 'Rating' }).click();
  await page.getByRole('option', { name: 'No rating' }).click();
  await edit.getByLabel('Review').fill('');
  await saveButton(edit).click();
  await expectToast(page, 'Activity block updated successfully.');
  const card = page.getByRole('article').filter({ hasText: 'Rated once' });
  await expect(card.getByText(/Rated \d/)).toHaveCount(0);
  await expect(card.locator('blockquote')).toHaveCount(0);
});

test('a featured block spans two columns of the board, and one on a phone', async ({
  page,
  newPage,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'wide' });
  await createBlock(request, owner, { title: 'Plain one' });
  await createBlock(request, owner, { title: 'Plain two' });
  const featured = await createBlock(request, owner, { title: 'Featured' });
  await signInWithToken(page, owner);
  await gotoHydrated(page, '/dashboard');
  await page.getByText('Featured', { exact: true }).click();
  const edit = blockDialog(page, 'Edit Activity Block');
  await edit.getByRole('switch', { name: 'Feature it wide (two columns on the board)' }).click();
  await saveButton(edit).click();
  await expectToast(page, 'Activity block updated successfully.');

  const widthOf = async (visitor: typeof page, title: string) =>
    (await visitor.locator('li[data-block-id]').filter({ hasText: title }).boundingBox())?.width ??
    0;
  const desktop = await newPage({ viewport: { width: 1280, height: 900 } });
  await desktop.goto(`/@${owner.username}`);
  const wide = await widthOf(desktop, 'Featured');
  const plain = await widthOf(desktop, 'Plain one');
  expect(wide).toBeGreaterThan(plain * 1.9);
  await expect(desktop.locator(`li[data-block-id="${featured.id}"]`)).toHaveClass(
    /block-card-wide/,
  );

  const phone = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
  await phone.goto(`/@${owner.username}`);
  expect(
    Math.abs((await widthOf(phone, 'Featured')) - (await widthOf(phone, 'Plain one'))),
  ).toBeLessThan(2);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in the ${colorScheme} scheme`, () => {
    test.use({ colorScheme });

    test('a board with ratings, reviews, a wide block and a colour, and the dialog with its new fields, have no serious accessibility issues', async ({
      page,
      newPage,
      request,
    }) => {
      test.slow();
      const owner = await createUser(request, { prefix: 'axerate' });
      await createBlock(request, owner, {
        title: 'Rated book',
        rating: 3.5,
        review: 'Worth it.',
        isWide: true,
        externalUrl: 'https://example.com/r',
      });
      await createBlock(request, owner, { title: 'Unrated book' });
      const look = await request.put('/api/boards/me', {
        headers: { authorization: `Bearer ${owner.token}` },
        data: { accent: 'amber' },
      });
      expect(look.status()).toBe(200);

      const visitor = await newPage({ colorScheme });
      await visitor.goto(`/@${owner.username}`);
      await expect(visitor.getByText('Worth it.')).toBeVisible();
      await expectNoSeriousA11yViolations(visitor, `a rated, coloured board (${colorScheme})`);
      await visitor.goto(`/embed/@${owner.username}`);
      await expect(visitor.getByRole('heading', { name: 'Rated book' }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(visitor, `its embed (${colorScheme})`);

      await signInWithToken(page, owner);
      await gotoHydrated(page, '/dashboard');
      await page.getByText('Rated book', { exact: true }).click();
      await expect(blockDialog(page, 'Edit Activity Block').getByLabel('Review')).toHaveValue(
        'Worth it.',
      );
      await expectNoSeriousA11yViolations(page, `the edit dialog with a rating (${colorScheme})`);
    });
  });
}
