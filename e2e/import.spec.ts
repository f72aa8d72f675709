import { fileURLToPath } from 'node:url';
import { expect, test } from './support/fixtures';
import { boardPanel, boardTab, expectToast, tabWithCount } from './support/ui';
import { createUser, signInWithToken } from './support/users';

// The same export, in Goodreads' real column layout, that the Worker's import tests read.
const goodreadsExport = fileURLToPath(
  new URL('../worker/test/fixtures/goodreads_library_export.csv', import.meta.url),
);

test('an owner imports a Goodreads library, sees what it adds, and finds the books on the board', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'import' });
  await signInWithToken(page, owner);
  await page.goto('/dashboard');

  await page.getByRole('button', { name: 'Import Books or Films' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import from Goodreads, Letterboxd and more' });
  await expect(dialog.getByRole('radio', { name: 'Goodreads' })).toBeChecked();
  await dialog.getByLabel('CSV file').setInputFiles(goodreadsExport);

  await expect(dialog.getByText('4 new (2 Done, 1 Now, 1 Planned).')).toBeVisible();
  await expect(dialog.getByText(/1 row is left out/)).toBeVisible();
  const toAdd = dialog.getByRole('list', { name: 'Blocks to add' });
  await expect(toAdd.getByRole('listitem')).toHaveCount(4);
  await expect(toAdd.getByRole('listitem').first()).toContainText(
    'The Hunger Games (The Hunger Games, #1)',
  );
  await dialog.getByRole('button', { name: 'Import 4 blocks' }).click();
  await expectToast(page, 'Import complete');
  await expect(dialog).toBeHidden();

  await expect(boardTab(page, 'Done')).toHaveAccessibleName(tabWithCount('Done', 2));
  await expect(boardTab(page, 'Now')).toHaveAccessibleName(tabWithCount('Now', 1));
  await expect(boardTab(page, 'Planned')).toHaveAccessibleName(tabWithCount('Planned', 1));
  await boardTab(page, 'Done').click();
  const done = boardPanel(page, 'Done');
  await expect(done.getByText('The Great Gatsby')).toBeVisible();
  await expect(done.getByText('Suzanne Collins')).toBeVisible();

  // The same file again adds nothing: it would update what is there, and says so before sending.
  await page.getByRole('button', { name: 'Import Books or Films' }).click();
  await dialog.getByLabel('CSV file').setInputFiles(goodreadsExport);
  await expect(
    dialog.getByText('Nothing new: 4 already on your board (will be updated).'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Update 4 blocks' })).toBeEnabled();
});

test('a Letterboxd diary is recognised by its header whatever its name; a plain list asks which it is', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'diary' });
  await signInWithToken(page, owner);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Import Books or Films' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import from Goodreads, Letterboxd and more' });
  await dialog.getByRole('radio', { name: 'Letterboxd' }).check();
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'my-films.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date',
        '2024-03-02,Past Lives,2023,https://boxd.it/aaaa1,4.5,,,2024-03-01',
        '2024-05-10,Past Lives,2023,https://boxd.it/aaaa2,5,Yes,,2024-05-09',
        '2024-04-01,Aftersun,2022,https://boxd.it/bbbb1,4,,,2024-03-30',
      ].join('\n'),
    ),
  });
  await expect(dialog.getByText('2 new (2 Done).')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 2 blocks' }).click();
  await expectToast(page, 'Import complete');
  await boardTab(page, 'Done').click();
  await expect(boardPanel(page, 'Done').getByText('Watched 2 times')).toBeVisible();

  await page.getByRole('button', { name: 'Import Books or Films' }).click();
  await dialog.getByRole('radio', { name: 'Letterboxd' }).check();
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'films.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Date,Name,Year,Letterboxd URI\n2024-01-15,Perfect Days,2023,https://boxd.it/3aaa\n',
    ),
  });
  await expect(dialog.getByRole('alert')).toContainText('choose which list this file is');
  await dialog.getByRole('radio', { name: 'My watchlist (to Planned)' }).check();
  await expect(dialog.getByText('1 new (1 Planned).')).toBeVisible();
});

test('a Goodreads import offers covers from Open Library for the books with an ISBN', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'covers' });
  await signInWithToken(page, owner);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Import Books or Films' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import from Goodreads, Letterboxd and more' });
  await dialog.getByLabel('CSV file').setInputFiles(goodreadsExport);
  const covers = dialog.getByRole('checkbox', { name: /Add covers from Open Library/ });
  await expect(covers).not.toBeChecked();
  await expect(dialog.getByText('Looks up 3 books by ISBN on openlibrary.org')).toBeVisible();
});

test('a long Goodreads title wraps inside the import dialog, whose actions stay in view down to 320 px', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'longtitle' });
  await signInWithToken(page, owner);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Import Books or Films' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import from Goodreads, Letterboxd and more' });
  const header =
    'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';
  const row =
    '1,"Atomic Habits: An Easy & Proven Way to Build Good Habits & Break Bad Ones",James Clear,"Clear, James",,,,0,4.4,Avery,Hardcover,320,2018,2018,,2024/01/01,,,to-read,,,,0,0';
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'goodreads_library_export.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\n${row}\n`),
  });
  await expect(dialog.getByText('1 new (1 Planned).')).toBeVisible();

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 320, height: 640 },
  ]) {
    await page.setViewportSize(viewport);
    // Nothing in the dialog reaches past its sides.
    const sideways = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(sideways, `at ${viewport.width} px`).toBeLessThanOrEqual(0);
    const frame = await dialog.boundingBox();
    for (const name of ['Cancel', 'Import 1 block']) {
      const button = dialog.getByRole('button', { name, exact: true });
      const box = await button.boundingBox();
      expect(box, name).not.toBeNull();
      if (!box || !frame) continue;
      // On screen and inside the dialog, without scrolling, with the whole label showing.
      expect(box.x, `${name} at ${viewport.width} px`).toBeGreaterThanOrEqual(frame.x);
      expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
      expect(box.y + box.height, `${name} at ${viewport.width} px`).toBeLessThanOrEqual(
        Math.min(frame.y + frame.height, viewport.height) + 0.5,
      );
      expect(await button.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
        true,
      );
    }
  }
});
