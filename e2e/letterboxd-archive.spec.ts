import { readFile } from 'node:fs/promises';
import { strToU8, zipSync } from 'fflate';
import { expect, test } from './support/fixtures';
import { boardPanel, boardTab, expectToast } from './support/ui';
import { createUser, signInWithToken } from './support/users';

// Letterboxd's export ZIP as Letterboxd writes it: its CSVs at the root, lists in a folder.
const letterboxdZip = zipSync({
  'profile.csv': strToU8('Date Joined,Username\n2020-01-01,ada'),
  'diary.csv': strToU8(
    [
      'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date',
      '2024-05-10,Past Lives,2023,https://boxd.it/6aaa1,4.5,,,2024-05-09',
    ].join('\n'),
  ),
  'reviews.csv': strToU8(
    [
      'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date',
      '2024-05-10,Past Lives,2023,https://boxd.it/6aaa1,4.5,,"Quiet, and it stays with you.",,2024-05-09',
    ].join('\n'),
  ),
  'ratings.csv': strToU8(
    'Date,Name,Year,Letterboxd URI,Rating\n2023-11-02,Aftersun,2022,https://boxd.it/rRuU,5',
  ),
  'watchlist.csv': strToU8(
    'Date,Name,Year,Letterboxd URI\n2024-03-10,Perfect Days,2023,https://boxd.it/jVdc',
  ),
  'lists/favourites.csv': strToU8('Letterboxd list export v7\nDate,Name'),
});

test('an owner drops a Letterboxd ZIP, sees what it adds, finds the films with stars and reviews, and exports the same rows for Letterboxd', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'boxd' });
  await signInWithToken(page, owner);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Import Books or Films' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import from Goodreads, Letterboxd and more' });
  await expect(dialog.getByRole('radio', { name: 'Goodreads' })).toBeChecked();

  // Dropped while Goodreads is picked: the file's content says it is Letterboxd's.
  const dropped = await page.evaluateHandle((bytes) => {
    const transfer = new DataTransfer();
    const zip = new File([new Uint8Array(bytes)], 'letterboxd-ada-2026-11-28-utc.zip', {
      type: 'application/zip',
    });
    transfer.items.add(zip);
    return transfer;
  }, Array.from(letterboxdZip));
  await dialog
    .getByRole('group', { name: 'The file to import' })
    .dispatchEvent('drop', { dataTransfer: dropped });
  await expect(dialog.getByRole('radio', { name: 'Letterboxd' })).toBeChecked();
  await expect(dialog.getByText("This is Letterboxd's export: it is read as one.")).toBeVisible();
  await expect(dialog.getByText('3 new (2 Done, 1 Planned).')).toBeVisible();
  const toAdd = dialog.getByRole('list', { name: 'Blocks to add' });
  await expect(toAdd.getByRole('listitem')).toHaveCount(3);

  await dialog.getByRole('button', { name: 'Import 3 blocks' }).click();
  await expectToast(page, 'Import complete');
  await expect(dialog).toBeHidden();

  await boardTab(page, 'Done').click();
  const done = boardPanel(page, 'Done');
  const pastLives = done.getByRole('article').filter({ hasText: 'Past Lives' });
  await expect(pastLives.getByText('Rated 4.5 out of 5')).toBeAttached();
  await expect(pastLives.getByText('Quiet, and it stays with you.')).toBeVisible();
  const aftersun = done.getByRole('article').filter({ hasText: 'Aftersun' });
  await expect(aftersun.getByText('Rated 5 out of 5')).toBeAttached();
  await boardTab(page, 'Planned').click();
  await expect(boardPanel(page, 'Planned').getByText('Perfect Days')).toBeVisible();

  await page.getByRole('button', { name: 'Profile Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Profile Settings' });
  await settings.getByRole('tab', { name: 'Account' }).click();
  const downloading = page.waitForEvent('download');
  await settings.getByRole('button', { name: 'Films for Letterboxd' }).click();
  const csv = await readFile(await (await downloading).path(), 'utf8');
  const [header, ...rows] = csv.trim().split(/\r?\n/);
  expect(header).toBe('LetterboxdURI,Title,Year,Rating,WatchedDate,Rewatch,Review');
  expect(rows.toSorted()).toEqual([
    'https://boxd.it/6aaa1,Past Lives,2023,4.5,2024-05-09,false,"Quiet, and it stays with you."',
    'https://boxd.it/rRuU,Aftersun,2022,5,2023-11-02,false,',
  ]);
});
