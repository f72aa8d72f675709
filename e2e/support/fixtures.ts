import {
  type Browser,
  type BrowserContextOptions,
  test as base,
  type Page,
} from '@playwright/test';

export { expect } from '@playwright/test';

/** Network failures that are expected here: other hosts (the DiceBear avatars) cannot be reached. */
function isExpectedNetworkFailure(message: string, url: string, appOrigin: string): boolean {
  if (!message.startsWith('Failed to load resource')) return false;
  if (!url.startsWith(appOrigin)) return true;
  // Refusals (401 board owner check, 404 private board…) are answers the screens handle.
  return /status of 4\d\d/.test(message);
}

/** Collects uncaught page errors and unexpected console errors of a page. */
function watchForErrors(page: Page, appOrigin: string): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) =>
    problems.push(
      `Uncaught error on ${page.url()}: ${error.name}: ${error.message}\n${error.stack ?? ''}`,
    ),
  );
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location().url ?? '';
    if (isExpectedNetworkFailure(message.text(), url, appOrigin)) return;
    problems.push(`Console error on ${page.url()}: ${message.text()} (${url})`);
  });
  return problems;
}

type NewPage = (options?: BrowserContextOptions) => Promise<Page>;

type Fixtures = {
  /** Opens a page in a fresh browser context (another visitor or user), watched for errors. */
  newPage: NewPage;
};

async function openWatchedPage(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions,
  problems: string[][],
) {
  const context = await browser.newContext({ baseURL, ...options });
  const page = await context.newPage();
  problems.push(watchForErrors(page, new URL(baseURL).origin));
  return page;
}

function failOnProblems(problems: string[][]) {
  const all = problems.flat();
  if (all.length > 0) throw new Error(`The page reported errors:\n${all.join('\n')}`);
}

/**
 * Every journey's `page` (and every page from `newPage`) fails the test on an uncaught error
 * or a console error that is not an expected network failure.
 */
export const test = base.extend<Fixtures>({
  page: async ({ page, baseURL }, use) => {
    const problems = watchForErrors(page, new URL(baseURL ?? 'http://localhost').origin);
    await use(page);
    failOnProblems([problems]);
  },
  newPage: async ({ browser, baseURL }, use) => {
    const problems: string[][] = [];
    const pages: Page[] = [];
    await use(async (options = {}) => {
      const page = await openWatchedPage(browser, baseURL ?? '', options, problems);
      pages.push(page);
      return page;
    });
    await Promise.all(pages.map((page) => page.context().close()));
    failOnProblems(problems);
  },
});
