import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { createUser } from './support/users';

test("a board announces its feeds, and its Feed link gives the feed's address for a reader", async ({
  newPage,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'feed' });
  await createBlock(request, owner, { title: 'Portuguese A2', status: 'now' });
  const page = await newPage();
  await page.goto(`/@${owner.username}`);

  // Feed readers given the board's address find both feeds in its head.
  const jsonFeed = page.locator('head link[rel="alternate"][type="application/feed+json"]');
  const jsonHref = await jsonFeed.getAttribute('href');
  expect(jsonHref).toMatch(new RegExp(`/@${owner.username}/feed\\.json$`));
  const news = await (await request.get(jsonHref ?? '')).json();
  expect(news.items.map((item: { title: string }) => item.title)).toEqual([
    `${owner.displayName} started Portuguese A2`,
  ]);

  // A phone would show the feed as raw XML: the link opens a sheet with its address instead.
  await page.getByRole('link', { name: 'Feed', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: `Follow ${owner.displayName}` });
  const address = await sheet.getByLabel('In a feed reader: add this address.').inputValue();
  expect(address).toMatch(new RegExp(`/@${owner.username}/feed\\.xml$`));
  const atom = await request.get(address);
  expect(atom.status()).toBe(200);
  expect(atom.headers()['content-type']).toContain('application/atom+xml');
  expect(await atom.text()).toContain(`${owner.displayName} started Portuguese A2`);
});
