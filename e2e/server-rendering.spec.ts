import type { APIRequestContext, Page } from '@playwright/test';
import { createBlock, onePixelPng, uploadBlockImage } from './support/blocks';
import { expect, test } from './support/fixtures';
import { boardTab, categoryFilter, expectToast, gotoHydrated } from './support/ui';
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

const liveBoards = (page: Page) => page.locator('[aria-labelledby="live-boards-title"] ul');

test('a board and the landing page read with JavaScript off: tabs, filter and image viewer work', async ({
  newPage,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'nojs', displayName: 'Script Free' });
  await createBlock(request, owner, { title: 'Reading without scripts', status: 'now' });
  await createBlock(request, owner, {
    title: 'Morning rides',
    status: 'now',
    category: 'lifestyle',
    type: 'running-cycling',
    imageUrl: await uploadBlockImage(request, owner, onePixelPng),
  });
  await createBlock(request, owner, { title: 'A trip to plan', status: 'planned', progress: 0 });
  await createBlock(request, owner, { title: 'Finished course', status: 'done', progress: 100 });
  const page = await newPage({ javaScriptEnabled: false });

  await page.goto(`/@${owner.username}`);
  await expect(page.getByRole('heading', { name: 'Script Free' })).toBeVisible();
  await expect(page.getByText('Reading without scripts', { exact: true })).toBeVisible();
  await boardTab(page, 'Planned').check();
  await expect(page.getByText('A trip to plan', { exact: true })).toBeVisible();
  await expect(page.getByText('Reading without scripts', { exact: true })).toBeHidden();
  await boardTab(page, 'Done').check();
  await expect(page.getByText('Finished course', { exact: true })).toBeVisible();

  // Visitors are offered the categories the board uses, and the filter works.
  await boardTab(page, 'Now').check();
  const filter = categoryFilter(page);
  await expect(filter.getByRole('radio')).toHaveCount(3);
  await filter.getByRole('radio', { name: 'Lifestyle' }).check();
  await expect(page.getByText('Morning rides', { exact: true })).toBeVisible();
  await expect(page.getByText('Reading without scripts', { exact: true })).toBeHidden();
  await boardTab(page, 'Planned').check();
  await expect(
    page.getByText("Script Free hasn't added any planned activities yet."),
  ).toBeVisible();
  await boardTab(page, 'Now').check();

  await page.getByRole('button', { name: 'View image: Morning rides' }).click();
  const viewer = page.getByRole('dialog', { name: 'Morning rides' });
  await expect(viewer.getByRole('img', { name: 'Morning rides' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Explore Live Boards' })).toBeVisible();
  // Public boards are listed already, not placeholders waiting for a script.
  await expect(liveBoards(page)).toHaveAttribute('aria-busy', 'false');
});

test("a signed-out reader's board loads the reader alone, asks the API nothing, and the app comes on intent", async ({
  newPage,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'reader' });
  await createBlock(request, owner, { title: 'Now reading', status: 'now' });
  await createBlock(request, owner, { title: 'Later trip', status: 'planned', progress: 0 });
  const page = await newPage();
  const calls = recordRequests(page, isApiCall);
  const scripts = recordRequests(page, (path) => path.endsWith('.js'));

  const stylesheets = recordRequests(page, (path) => path.endsWith('.css'));

  await page.goto(`/@${owner.username}`);
  await expect(page.getByText('Now reading', { exact: true })).toBeVisible();
  await boardTab(page, 'Planned').check();
  await expect(page.getByText('Later trip', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual([]);
  expect(
    scripts.every((path) => /\/reader(-core)?-[\w-]+\.js$/.test(path)),
    scripts.join(),
  ).toBe(true);
  expect(stylesheets).toEqual([expect.stringMatching(/^\/assets\/reader-style-[\w-]+\.css$/)]);

  // Pointing at a way into the app warms it, and a click then goes on within the app.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Discover' })
    .hover();
  await expect.poll(() => scripts.some((path) => /\/app-core-[\w-]+\.js$/.test(path))).toBe(true);
  // The app's whole stylesheet has arrived before its code runs: nothing of it shows unstyled.
  const appScript = page.locator('head > script[type="module"]:not([data-reader])');
  await expect(appScript).toHaveCount(1);
  expect(
    await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
        (link) => `${new URL(link.href).pathname} ${link.sheet ? 'loaded' : 'not loaded'}`,
      ),
    ),
  ).toEqual([
    expect.stringMatching(/^\/assets\/reader-style-[\w-]+\.css loaded$/),
    expect.stringMatching(/^\/assets\/index-[\w-]+\.css loaded$/),
  ]);
});

test('the owner never sees Copy, not even before the app arrives, and a visitor does', async ({
  newPage,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'nocopy' });
  await createBlock(request, owner, { title: 'Mine to edit' });
  const ownerPage = await newPage();
  await signInWithToken(ownerPage, owner);
  // The app never starts: what shows is what the page decided before any of its code.
  await ownerPage.route(/\/assets\/index-[\w-]+\.js$/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
  await ownerPage.goto(`/@${owner.username}`);
  await expect(ownerPage.getByText('Mine to edit', { exact: true })).toBeVisible();
  await expect(ownerPage.getByRole('button', { name: /copy/i })).toHaveCount(0);
  await expect(ownerPage.getByRole('link', { name: 'Edit board' })).toBeVisible();

  const guest = await newPage();
  await guest.goto(`/@${owner.username}`);
  await expect(guest.getByRole('button', { name: 'Copy Mine to edit', exact: true })).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Edit board' })).toBeHidden();
});

test('Copy pressed by a signed-in visitor the moment the board appears is carried out', async ({
  newPage,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'quick' });
  await createBlock(request, owner, { title: 'Copied at once' });
  const copier = await createUser(request, { prefix: 'quickcopier' });
  const page = await newPage();
  await signInWithToken(page, copier);
  // The app's code is slow to come: the press lands before it has started.
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });

  await page.goto(`/@${owner.username}`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Copy Copied at once', exact: true }).click();
  await expectToast(page, 'Block copied');
  const own = await request.get('/api/blocks/me', {
    headers: { authorization: `Bearer ${copier.token}` },
  });
  const { blocks } = (await own.json()) as { blocks: { title: string }[] };
  expect(blocks.map((block) => block.title)).toEqual(['Copied at once']);
});

/** A signed-in reader's page, and someone else's board of one block for it to open. */
async function readerAndBoard(
  newPage: () => Promise<Page>,
  request: APIRequestContext,
  prefix: string,
) {
  const owner = await createUser(request, { prefix });
  await createBlock(request, owner, { title: `A block of ${prefix}` });
  const page = await newPage();
  await signInWithToken(page, await createUser(request, { prefix: `${prefix}reader` }));
  return { page, board: `/@${owner.username}` };
}

/**
 * In the last moment before the app takes the page over (`__up2AppReady`), counts the page's
 * controls for the app and those React has hydrated (it tags each with its props, as gotoHydrated
 * reads) into `data-handed-over` on <html>, and presses the control `press` selects, if any.
 */
function watchTakeover(page: Page, press: string | null = null) {
  return page.addInitScript((pressed) => {
    let ready = false;
    Object.defineProperty(window, '__up2AppReady', {
      get: () => ready,
      set: (value: boolean) => {
        const hydrated = (element: Element) =>
          Object.keys(element).some((key) => key.startsWith('__reactProps$'));
        const controls = [...document.querySelectorAll('[data-needs-app]')];
        document.documentElement.dataset.handedOver = JSON.stringify({
          controls: controls.length,
          hydrated: controls.filter(hydrated).length,
        });
        if (pressed) document.querySelector<HTMLElement>(pressed)?.click();
        ready = value;
      },
    });
  }, press);
}

test('the page hands its controls to the app only once the screen has hydrated', async ({
  newPage,
  request,
}) => {
  const { page, board } = await readerAndBoard(newPage, request, 'handover');
  await watchTakeover(page);
  await page.goto(board);
  await expect(page.locator('html')).toHaveAttribute('data-handed-over', /./);
  const handedOver = JSON.parse(
    (await page.locator('html').getAttribute('data-handed-over')) ?? '{}',
  ) as { controls: number; hydrated: number };
  // Theme, Share (the owner's, hidden here), Follow, Feed (its follow sheet), Report, and the
  // card's Copy and menu (More): a press before this moment is held for the app, and after it is
  // the app's own.
  expect(handedOver).toEqual({ controls: 7, hydrated: 7 });
});

test('a press on a control already live, while the screen around it hydrates, is carried out', async ({
  newPage,
  request,
}) => {
  const { page, board } = await readerAndBoard(newPage, request, 'between');
  // The navigation (and its Theme button) is live before the screen is: Theme pressed in the last
  // moment before the app takes the page over is held by the page's first script.
  await watchTakeover(page, '[data-needs-app="theme"]');
  await page.goto(board);
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toBeVisible();
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

/**
 * The class names on the page that no rule of its stylesheets names: a component class misspelt,
 * or one that the stylesheet lost, leaves its elements unstyled without failing anything else.
 * Lucide's own marker classes (`lucide`, `lucide-…`) carry no style, nor do the microformats2
 * classes, which tell IndieWeb readers what an element is (the h-card and its h-entries).
 */
const microformatClasses = [
  'h-card',
  'p-name',
  'p-note',
  'u-photo',
  'u-url',
  'u-uid',
  'h-entry',
  'p-category',
  'dt-published',
];

function unstyledClasses(page: Page) {
  return page.evaluate((unstyled) => {
    const selectors: string[] = [];
    const collect = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) collect(sheet.cssRules);
    const named = selectors.join(' ');
    const used = new Set(
      [...document.querySelectorAll('[class]')].flatMap((element) => [...element.classList]),
    );
    return [...used].filter(
      (name) =>
        !name.startsWith('lucide') &&
        !unstyled.includes(name) &&
        !named.includes(`.${CSS.escape(name)}`),
    );
  }, microformatClasses);
}

test('every class on a rendered board and its embed has a rule in the stylesheet', async ({
  newPage,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'styled' });
  await createBlock(request, owner, {
    title: 'A block with every part',
    subtitle: 'Its subtitle',
    description: 'Its description',
    externalUrl: 'https://example.com/every-part',
    imageUrl: await uploadBlockImage(request, owner, onePixelPng),
    progressEnabled: true,
  });
  await createBlock(request, owner, { title: 'Planned', status: 'planned' });
  const page = await newPage({ javaScriptEnabled: false });
  for (const path of [`/@${owner.username}`, `/embed/@${owner.username}`]) {
    await page.goto(path);
    await expect(page.getByText('A block with every part', { exact: true })).toBeVisible();
    expect(await unstyledClasses(page), path).toEqual([]);
  }
});

/**
 * The page's look: every element's computed style (and its ::before and ::after), as the lines
 * `property: value`; custom properties left out (each stylesheet declares the theme's variables
 * and Tailwind's registered ones it uses, and what they change shows in the properties). The first call keeps it on the page; each later one answers what differs
 * from it: the elements whose look changed, with their first changed properties.
 */
function lookChanges(page: Page) {
  return page.evaluate(() => {
    const looks = [...document.querySelectorAll('body, body *')].map((element) => ({
      element: `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`,
      look: [null, '::before', '::after'].flatMap((pseudo) => {
        const style = getComputedStyle(element, pseudo);
        return [...style]
          .filter((name) => !name.startsWith('--'))
          .map((name) => `${pseudo ?? ''}${name}: ${style.getPropertyValue(name)}`);
      }),
    }));
    const store = window as unknown as { firstLook?: typeof looks };
    const first = store.firstLook;
    if (!first) {
      store.firstLook = looks;
      return [];
    }
    return first.flatMap(({ element, look }, index) => {
      const now = new Set(looks[index]?.look);
      const changed = look.filter((property) => !now.has(property));
      return changed.length > 0 ? [`${element} ${changed.slice(0, 3).join('; ')}`] : [];
    });
  });
}

/** The app's whole stylesheet, added to the page as the reader adds it when the app starts. */
function addAppStylesheet(page: Page) {
  return page.evaluate(async () => {
    const listing = document.getElementById('app-modules')?.textContent ?? '{}';
    const { stylesheet } = JSON.parse(listing) as { stylesheet?: string };
    if (!stylesheet) throw new Error('The page lists no app stylesheet.');
    const link = Object.assign(document.createElement('link'), {
      rel: 'stylesheet',
      href: stylesheet,
    });
    document.head.appendChild(link);
    await new Promise((resolve, reject) => {
      link.onload = resolve;
      link.onerror = reject;
    });
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the reader's stylesheet draws the server's pages exactly as the app's whole stylesheet does (${colorScheme})`, async ({
    newPage,
    request,
  }) => {
    // Ten pages, each element's every property read twice.
    test.slow();
    const owner = await createUser(request, { prefix: 'samelook' });
    const auth = { authorization: `Bearer ${owner.token}` };
    const coloured = await request.put('/api/boards/me', {
      headers: auth,
      data: { accent: 'teal' },
    });
    expect(coloured.status(), await coloured.text()).toBe(200);
    await createBlock(request, owner, {
      title: 'A block with every part',
      subtitle: 'Its subtitle',
      description: 'Its description',
      externalUrl: 'https://example.com/every-part',
      imageUrl: await uploadBlockImage(request, owner, onePixelPng),
      progressEnabled: true,
    });
    await createBlock(request, owner, { title: 'Planned', status: 'planned' });
    await createBlock(request, owner, { title: 'Finished', status: 'done', progress: 100 });
    const year = new Date().getUTCFullYear();
    const pages = [
      `/@${owner.username}`,
      `/@${owner.username}/year/${year}`,
      '/',
      '/terms',
      '/no-such-page',
    ];
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const page = await newPage({ colorScheme, viewport });
      for (const path of pages) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await lookChanges(page);
        await addAppStylesheet(page);
        expect(
          (await lookChanges(page)).slice(0, 10),
          `${path} at ${viewport.width}px: elements drawn differently`,
        ).toEqual([]);
      }
      await page.close();
    }
  });
}

test('Discover and /auth read with JavaScript off: the list, a ?q= search, and the sign-up form', async ({
  newPage,
  request,
}) => {
  const marker = `Noscript${Date.now().toString(36)}`;
  const owner = await createUser(request, {
    prefix: 'nojsdisc',
    listed: true,
    displayName: `${marker} Reader`,
  });
  await createBlock(request, owner, { title: 'Found without scripts' });
  const page = await newPage({ javaScriptEnabled: false });

  await page.goto('/discover');
  await expect(page.getByRole('heading', { name: 'Discover Boards' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search boards' });
  await search.fill(marker);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/discover\\?q=${marker}$`));
  await expect(page.getByRole('status').filter({ hasText: /board/ })).toHaveText('1 board');
  const card = page.getByRole('article').filter({ hasText: `${marker} Reader` });
  await expect(card.getByText('Found without scripts')).toBeVisible();
  await expect(card.getByRole('link', { name: `@${owner.username}` })).toHaveAttribute(
    'href',
    `/@${owner.username}`,
  );
  await page.goto(`/discover?q=${marker}nothing`);
  await expect(page.getByText('No results found')).toBeVisible();

  await page.goto('/auth');
  const signUp = page.getByRole('tabpanel', { name: 'Sign Up' });
  for (const field of ['Display Name', 'Username', 'Email', 'Password']) {
    await expect(signUp.getByLabel(field)).toBeVisible();
  }
  await expect(page.getByText(/Signing up and signing in need JavaScript/)).toBeVisible();
});

test('the Terms of Service and the Privacy Policy read with JavaScript off, linked from Sign Up', async ({
  newPage,
}) => {
  const page = await newPage({ javaScriptEnabled: false });
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page).toHaveTitle('Privacy Policy - Up2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await expect(page.getByRole('heading', { name: 'How long we keep it' })).toBeVisible();

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await expect(page.getByRole('heading', { name: 'What is not allowed' })).toBeVisible();
});

test('the server-drawn Discover and /auth hydrate into the app: a search and a tab work once it has', async ({
  page,
  request,
}) => {
  const marker = `Hydrates${Date.now().toString(36)}`;
  const owner = await createUser(request, {
    prefix: 'hydrdisc',
    listed: true,
    displayName: `${marker} Person`,
  });
  await createBlock(request, owner, { title: 'Drawn twice' });
  // The search typed at once, on the page the server drew, is taken up by the app it brings.
  await page.goto('/discover');
  await page.getByRole('searchbox', { name: 'Search boards' }).fill(marker);
  await expect(page).toHaveURL(new RegExp(`q=${marker}`));
  await expect(page.getByRole('article').filter({ hasText: `${marker} Person` })).toBeVisible();

  await gotoHydrated(page, '/auth');
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signin$/);
  await expect(
    page.getByRole('tabpanel', { name: 'Sign In' }).getByLabel('Username'),
  ).toBeEnabled();
});
