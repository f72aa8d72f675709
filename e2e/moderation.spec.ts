import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { moderatorUser } from './support/moderator';
import { gotoHydrated } from './support/ui';
import { createUser, signInWithToken } from './support/users';

test('a visitor reports a block from its card; a moderator suspends it, its owner is told why and until when, and an appeal gets it unsuspended', async ({
  page,
  newPage,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'reported', displayName: 'Pill Seller' });
  await createBlock(request, owner, { title: 'Cheap pills here' });
  const moderator = await moderatorUser(request);

  // A visitor, signed out, reports the block from its card's menu, with the keyboard.
  const visitor = await newPage();
  await visitor.goto(`/@${owner.username}`);
  await visitor
    .getByRole('article')
    .filter({ hasText: 'Cheap pills here' })
    .getByRole('button', { name: 'More for Cheap pills here' })
    .click();
  await visitor.getByRole('menuitem', { name: 'Report' }).press('Enter');
  const report = visitor.getByRole('dialog', { name: `Report @${owner.username}` });
  await expect(report).toContainText('Cheap pills here');
  await report.getByRole('radio', { name: 'Spam' }).check();
  await report.getByLabel('Comment (optional)').fill('Sells pills to everyone who follows it');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByRole('status')).toHaveText('Thanks. Our moderators will look at it.');

  // The moderator finds it in the queue and suspends the account with a note.
  await signInWithToken(page, moderator);
  await gotoHydrated(page, '/dashboard');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Reports' })
    .click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  const reported = page.getByRole('article', { name: `Reports of @${owner.username}` });
  await expect(reported).toContainText('Sells pills to everyone who follows it');
  await expect(reported).toContainText('Block as reported: Cheap pills here');
  await reported.getByLabel('Note (the owner is told it)').fill('Selling pills is spam here');
  await reported.getByRole('button', { name: 'Suspend' }).click();
  await expect(reported).toBeHidden();

  // Gone for visitors.
  await visitor.goto(`/@${owner.username}`);
  await expect(visitor.getByRole('heading', { name: 'Board Not Found' })).toBeVisible();
  await expect(visitor.getByText('Cheap pills here')).toBeHidden();

  // The suspension ended the owner's session; signing in again, they read why, and until when.
  const ownerPage = await newPage();
  await ownerPage.goto('/auth');
  const signIn = ownerPage.getByRole('tabpanel', { name: 'Sign In' });
  await ownerPage.getByRole('tab', { name: 'Sign In' }).click();
  await signIn.getByLabel('Username').fill(owner.username);
  await signIn.getByLabel('Password').fill(owner.password);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(ownerPage).toHaveURL(/\/dashboard$/);
  await ownerPage
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Notifications/ })
    .click();
  const notice = ownerPage.getByRole('main').getByRole('listitem').first();
  await expect(notice).toContainText(
    'A moderator suspended your board. Why: Selling pills is spam here',
  );
  await expect(notice).toContainText(
    /Unless a moderator restores it, your account and board will be deleted on \w+ \d{1,2}, \d{4}\./,
  );
  await notice.getByRole('button', { name: 'Appeal' }).click();
  await notice.getByLabel('Why should it be undone?').fill('They are vitamins, not pills.');
  await notice.getByRole('button', { name: 'Send appeal' }).click();
  await expect(notice).toContainText(
    'Your appeal is in the moderators’ queue. You will be told what they decide.',
  );

  // The appeal brings the board back to the queue, where the moderator unsuspends it.
  await gotoHydrated(page, '/admin/reports');
  await expect(reported).toContainText('The owner appeals: Suspend (Selling pills is spam here)');
  await expect(reported).toContainText('suspended');
  await reported.getByLabel('Note (the owner is told it)').fill('Vitamins after all');
  await reported.getByRole('button', { name: 'Unsuspend' }).click();
  await expect(reported).toBeHidden();

  // Public again, and the owner is told.
  await visitor.goto(`/@${owner.username}`);
  await expect(visitor.getByText('Cheap pills here').first()).toBeVisible();
  await gotoHydrated(ownerPage, '/notifications');
  await expect(ownerPage.getByRole('main').getByRole('listitem').first()).toContainText(
    'A moderator restored your board. Why: Vitamins after all',
  );
});

test('Report on the embed opens the board with its report form, where a visitor reports it', async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'embedded' });
  await createBlock(request, owner, { title: 'Borrowed words' });

  await page.goto(`/embed/@${owner.username}`);
  const opened = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Report' }).click();
  const board = await opened;
  await expect(board).toHaveURL(new RegExp(`/@${owner.username}\\?report$`));
  const report = board.getByRole('dialog', { name: `Report @${owner.username}` });
  await report.getByRole('radio', { name: 'Impersonation' }).check();
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByRole('status')).toHaveText('Thanks. Our moderators will look at it.');
});
