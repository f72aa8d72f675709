import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { answerApi } from '../../../test/api-answers';
import { renderInApp } from '../../../test/render-in-app';
import type { Analytics } from '../api/get-my-analytics';
import { InsightsCard } from './insights-card';

function analytics(insights: Analytics['insights']): Analytics {
  return {
    totalViews: insights.views,
    weeklyViews: 0,
    uniqueVisitors: 0,
    totalCopies: 0,
    totalClicks: 0,
    followers: 0,
    popularBlocks: [],
    daily: [],
    insights,
  };
}

const noInsights = { views: 0, referrers: [], countries: [], devices: [], blocks: [] };

function itemsOf(list: string) {
  return page
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .elements()
    .map((item) => item.textContent);
}

describe('InsightsCard', () => {
  it('shows the top sites, countries and devices, and each block’s click-through rate, in words', async () => {
    answerApi(() =>
      Response.json(
        analytics({
          views: 40,
          referrers: [
            { name: 'direct', views: 20 },
            { name: 'news.example.com', views: 12 },
            { name: 'up2', views: 7 },
            { name: 'other', views: 1 },
          ],
          countries: [
            { name: 'DE', views: 30 },
            { name: 'XX', views: 9 },
            { name: 'T1', views: 1 },
          ],
          devices: [
            { name: 'phone', views: 31 },
            { name: 'desktop', views: 8 },
            { name: 'tablet', views: 1 },
          ],
          blocks: [
            { id: 3, title: 'My newsletter', clicks: 10, clickThroughRate: 0.25 },
            { id: 4, title: 'Shop', clicks: 1, clickThroughRate: 0.025 },
          ],
        }),
      ),
    );
    await renderInApp(<InsightsCard />);

    await expect
      .element(page.getByRole('heading', { name: 'Where Visitors Come From' }))
      .toBeVisible();
    await expect.element(page.getByRole('list', { name: 'Top Sites' })).toBeVisible();
    expect(itemsOf('Top Sites')).toEqual([
      'Direct20 views',
      'news.example.com12 views',
      'Up27 views',
      'Other Sites1 view',
    ]);
    expect(itemsOf('Top Countries')).toEqual(['Germany30 views', 'Unknown9 views', 'Tor1 view']);
    expect(itemsOf('Devices')).toEqual(['Phone31 views', 'Desktop8 views', 'Tablet1 view']);
    expect(itemsOf('Link Click-Through')).toEqual([
      'My newsletter25% · 10 clicks',
      'Shop2.5% · 1 click',
    ]);
  });

  it('says so when nobody visited in the last 30 days', async () => {
    answerApi(() => Response.json(analytics(noInsights)));
    await renderInApp(<InsightsCard />);
    await expect.element(page.getByText('No visitors in the last 30 days yet.')).toBeVisible();
    expect(page.getByRole('list').elements()).toHaveLength(0);
  });

  it('shows a dash when the numbers cannot be read', async () => {
    answerApi(() => Response.json({ error: 'Something broke.' }, { status: 500 }));
    await renderInApp(<InsightsCard />);
    await expect.element(page.getByText('–')).toBeVisible();
  });
});
