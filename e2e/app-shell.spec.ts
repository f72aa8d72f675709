/// <reference lib="dom" />
// The callbacks passed to page.evaluate run in the browser.
import { expect, test } from './support/fixtures';
import { gotoHydrated, waitForApp } from './support/ui';
import { createUser } from './support/users';

test('an unknown page answers 404 with "Page Not Found", which the app then takes over without an error', async ({
  page,
}) => {
  for (const path of ['/no-such-page', '/settings/nope', '/@alice/whatever-unknown']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('Page Not Found - Up2');
  }
  // Pointing at a link starts the app, which hydrates the page (the fixture fails on any error).
  await page.getByRole('link', { name: 'Go Home' }).hover();
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the app’s own screens answer 200, and a board named without its @ moves to /@username', async ({
  page,
  request,
}) => {
  for (const path of ['/dashboard', '/forgot-password', '/reset-password', '/feedback']) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
  }
  const owner = await createUser(request, { prefix: 'bare' });
  const response = await page.goto(`/${owner.username}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/@${owner.username}$`));
});

test('an unknown board is Board Not Found, which the app takes over without a hydration error', async ({
  page,
}) => {
  for (const path of ['/@nobody-here', '/@nobodyhere']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Board Not Found' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Discover' })
      .hover();
    await waitForApp(page);
    await expect(page.getByRole('heading', { name: 'Board Not Found' })).toBeVisible();
  }
});

test('the production build registers the service worker from /sw.js, which serves the app shell', async ({
  page,
  request,
}) => {
  const sw = await request.get('/sw.js');
  expect(sw.ok()).toBe(true);
  expect(sw.headers()['content-type']).toMatch(/javascript/);

  // The app registers it: on a screen it draws, not on a page a signed-out reader only reads.
  await gotoHydrated(page, '/discover');
  const scriptUrl = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL;
  });
  expect(scriptUrl).toMatch(/\/sw\.js$/);

  // Screens the service worker answers from its copy of the app shell open as themselves.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.goto('/discover');
  await expect(page.getByRole('heading', { name: 'Discover Boards' })).toBeVisible();
  await page.goto('/feedback');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/these days/);
});

test('the landing page invites a visitor to create a board or explore', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Hey, what are you UP2 these days?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Your Board' }).first()).toHaveAttribute(
    'href',
    '/auth',
  );
  await expect(page.getByRole('link', { name: 'Explore Boards' })).toHaveAttribute(
    'href',
    '/discover',
  );
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Up2' })).toHaveAttribute('href', '/');
  await expect(nav.getByRole('link', { name: 'Discover' })).toBeVisible();
});

test('each screen names itself in the page title', async ({ page }) => {
  const screens: [path: string, ready: string][] = [
    ['/', 'Hey, what are you UP2 these days?'],
    ['/discover', 'Discover Boards'],
    ['/auth', 'Sign Up'],
    ['/forgot-password', 'Send Reset Link'],
    ['/feedback', 'Share Your Feedback'],
    ['/no/such/page', 'Page Not Found'],
  ];
  const shellTitle = 'Up2 - What are you up to these days?';
  const titles = new Set<string>();
  for (const [path, ready] of screens) {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    // The screen replaces index.html's title once it has rendered.
    await expect(page).not.toHaveTitle(shellTitle);
    await expect(page).toHaveTitle(/Up2/);
    titles.add(await page.title());
  }
  expect(titles.size, [...titles].join(' | ')).toBe(screens.length);
});

test('every page but the embed refuses to be framed and to post forms elsewhere, wherever it is served from', async ({
  request,
}) => {
  const owner = await createUser(request, { prefix: 'frames' });
  // The landing page and boards come from the Worker; the others are the static app shell.
  for (const path of [
    '/',
    '/dashboard',
    '/auth',
    '/discover',
    '/some/unknown/path',
    `/@${owner.username}`,
  ]) {
    const response = await request.get(path);
    expect(response.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(response.headers()['content-security-policy'], path).toContain("form-action 'self'");
    expect(response.headers()['x-frame-options'], path).toBe('DENY');
  }
  const embed = await request.get(`/embed/@${owner.username}`);
  expect(embed.headers()['content-security-policy']).toContain('frame-ancestors *');
  expect(embed.headers()['x-frame-options']).toBeUndefined();
});
