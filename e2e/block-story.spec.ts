import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { boardTab, gotoHydrated } from './support/ui';
import { createUser, signInWithToken } from './support/users';

const dayMs = 24 * 60 * 60 * 1000;

test("a board tells each block's story, and hydrates with the page's words however far the reader's clock is ahead", async ({
  newPage,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'story' });
  await createBlock(request, owner, { title: 'Portuguese A2', status: 'now' });
  await createBlock(request, owner, { title: 'Film roll', status: 'done', progress: 100 });
  const finishedIn = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(
    Date.now(),
  );

  // Read without the app, the page says what the server drew.
  const reader = await newPage();
  await reader.goto(`/@${owner.username}`);
  const card = (page: typeof reader, title: string) =>
    page.getByRole('article').filter({ hasText: title });
  await expect(card(reader, 'Portuguese A2')).toContainText('Started today');
  await expect(reader.locator('main header')).toContainText('Updated today');

  // A signed-in visitor's browser starts the app at once. Its clock is two and a half days ahead of
  // the server's: the app hydrates with the page's words (a mismatch fails the journey as a
  // console error), then counts from its own clock.
  const visitor = await createUser(request, { prefix: 'storyreader' });
  const page = await newPage();
  await page.clock.setFixedTime(Date.now() + 2.5 * dayMs);
  await signInWithToken(page, visitor);
  await gotoHydrated(page, `/@${owner.username}`);
  await expect(card(page, 'Portuguese A2')).toContainText('Started 2 days ago');
  await boardTab(page, 'Done').check();
  await expect(card(page, 'Film roll')).toContainText(`Finished in ${finishedIn}`);
});
