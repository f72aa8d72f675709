import { createBlock } from './support/blocks';
import { expect, test } from './support/fixtures';
import { createUser, signInWithToken } from './support/users';

// A phone as a server sees one: by its user agent (the viewport alone says nothing to the server).
const phone = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
};

test('an owner sees where a visitor came from, on which device, and how often their link is followed', async ({
  newPage,
  page,
  request,
}) => {
  const owner = await createUser(request, { prefix: 'insight' });
  await createBlock(request, owner, {
    title: 'My Newsletter',
    externalUrl: 'https://example.com/newsletter',
  });

  // A reader follows a link to the board from a news site, on a phone, and follows the block's link.
  const visitor = await newPage(phone);
  await visitor
    .context()
    .route('https://example.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Example</title><p>Example</p>' }),
    );
  await visitor.goto(`/@${owner.username}`, {
    referer: 'https://www.news.example.org/a-story?utm_source=share',
  });
  await expect(visitor.getByText('My Newsletter', { exact: true })).toBeVisible();
  const click = visitor.waitForResponse(
    (response) => /\/api\/blocks\/\d+\/click$/.test(response.url()) && response.ok(),
  );
  await visitor.getByRole('link', { name: 'Visit Link' }).click();
  await click;

  // The minute's roll-up, run now.
  await expect
    .poll(async () => {
      await request.get('/cdn-cgi/handler/scheduled');
      const answer = await request.get('/api/analytics/me', {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      const { insights } = (await answer.json()) as { insights: { views: number; blocks: [] } };
      return [insights.views, insights.blocks.length];
    })
    .toEqual([1, 1]);

  await signInWithToken(page, owner);
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Where Visitors Come From' });
  await expect(card.getByRole('list', { name: 'Top Sites' })).toHaveText('news.example.org1 view');
  await expect(card.getByRole('list', { name: 'Devices' })).toHaveText('Phone1 view');
  await expect(card.getByRole('list', { name: 'Top Countries' }).getByRole('listitem')).toHaveCount(
    1,
  );
  await expect(card.getByRole('list', { name: 'Link Click-Through' })).toHaveText(
    'My Newsletter100% · 1 click',
  );
  await card.screenshot({ path: 'test-results/e2e/insights.png' });
});
