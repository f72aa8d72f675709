import type { Page } from '@playwright/test';
import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { boardTab, gotoHydrated } from './support/ui';
import { createUser, signInWithToken } from './support/users';

/** The path of every request the page makes from here on that `wanted` picks. */
function recordRequests(page: Page, wanted: (path: string) => boolean) {
  const paths: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (wanted(pathname)) paths.push(pathname);
  });
  return paths;
}

const isApiCall = (path: string) => path.startsWith('/api/');
// The catalogue and its icons (web/lib/block-looks.ts), as the production build names its chunk.
const isBlockLooksChunk = (path: string) => /\/block-looks-[\w-]+\.js$/.test(path);

const liveBoards = (page: Page) => page.locator('[aria-labelledby="live-boards-title"] ul');

test('a board and the landing page read with JavaScript off', async ({ newPage, request }) => {
  const owner = await createUser(request, { prefix: 'nojs', displayName: 'Script Free' });
  await createBlock(request, owner, { title: 'Reading without scripts', status: 'now' });
  const page = await newPage({ javaScriptEnabled: false });

  await page.goto(`/@${owner.username}`);
  await expect(page.getByRole('heading', { name: 'Script Free' })).toBeVisible();
  await expect(page.getByText('Reading without scripts', { exact: true })).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Explore Live Boards' })).toBeVisible();
  // Public boards are listed already, not placeholders waiting for a script.
  await expect(liveBoards(page)).toHaveAttribute('aria-busy', 'false');
});

test('a board page comes to life with the data it came with, asking the API nothing', async ({
  newPage,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'hydrate' });
  await createBlock(request, owner, { title: 'Now reading', status: 'now' });
  await createBlock(request, owner, { title: 'Later trip', status: 'planned', progress: 0 });
  const page = await newPage();
  const calls = recordRequests(page, isApiCall);
  const blockLooksLoads = recordRequests(page, isBlockLooksChunk);

  await gotoHydrated(page, `/@${owner.username}`);
  await expect(page.getByText('Now reading', { exact: true })).toBeVisible();
  // Interactive: the tabs switch, which only the hydrated app can do.
  await boardTab(page, 'Planned').click();
  await expect(page.getByText('Later trip', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual([]);
  // The type labels and icons of its blocks came with the page too.
  expect(blockLooksLoads).toEqual([]);

  await gotoHydrated(page, '/');
  await expect(liveBoards(page)).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('link', { name: 'See all boards' }).click();
  await expect(page.getByRole('heading', { name: 'Discover Boards' })).toBeVisible();
  expect(calls).toEqual(['/api/discover']);
  // Discover, rendered in the browser, loads them to draw its blocks' icons.
  await expect.poll(() => blockLooksLoads.length).toBeGreaterThan(0);
});

test("a board page's scripts start only after it has loaded and painted", async ({
  newPage,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'paintfirst' });
  await createBlock(request, owner, { title: 'Painted first', status: 'now' });
  const page = await newPage();

  await gotoHydrated(page, `/@${owner.username}`);
  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
    return {
      loadEnd: navigation?.loadEventEnd ?? Number.NaN,
      firstPaint:
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
    };
  });
  expect(timing.firstScript).toBeGreaterThanOrEqual(timing.loadEnd);
  expect(timing.firstScript).toBeGreaterThanOrEqual(timing.firstPaint);
});

test("the owner opening their own board sees their hidden blocks, even while it's private", async ({
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'ownview' });
  await createBlock(request, owner, { title: 'Shown to all', status: 'now' });
  await createBlock(request, owner, { title: 'Only for me', status: 'now', isVisible: false });
  await signInWithToken(page, owner);

  await gotoHydrated(page, `/@${owner.username}`);
  await expect(page.getByText('Only for me', { exact: true })).toBeVisible();

  const privacy = await request.put('/api/auth/me', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { isPublic: false },
  });
  expect(privacy.status()).toBe(200);
  await gotoHydrated(page, `/@${owner.username}`);
  await expect(page.getByText('Shown to all', { exact: true })).toBeVisible();
  await expect(page.getByText('Only for me', { exact: true })).toBeVisible();
});
