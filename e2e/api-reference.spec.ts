import { expect, test } from './support/fixtures';

test('the API reference at /api/docs reads the generated document, offline and within its CSP', async ({
  page,
}) => {
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('http://localhost')) outside.push(request.url());
  });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: 'Up2 API', level: 1 })).toBeVisible();
  // An operation, named by its route's summary.
  await expect(page.getByText('Add a block to your board').first()).toBeVisible();
  expect(violations).toEqual([]);
  expect(outside).toEqual([]);
});
