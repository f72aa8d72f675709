import { lazy, Suspense } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { loadChunk } from '../../../lib/load-chunk';
import { countOf } from '../../../lib/plural';
import { useMyAnalytics } from '../api/get-my-analytics';

// The chart library comes with the card, after the dashboard's first paint.
const DailyChart = lazy(() =>
  loadChunk(() => import('./daily-chart')).then((module) => ({ default: module.DailyChart })),
);

const chartSkeleton = <Skeleton className="h-40 w-full" />;

/** The last 30 days of views and clicks, as a chart and, for screen readers, a table. */
export function DailyChartCard() {
  const { data, isError } = useMyAnalytics();
  const totals = data?.daily.reduce(
    (sum, day) => ({ views: sum.views + day.views, clicks: sum.clicks + day.clicks }),
    { views: 0, clicks: 0 },
  );
  return (
    <section aria-labelledby="daily-chart-heading" className="space-y-2">
      <h2 id="daily-chart-heading" className="text-sm font-semibold text-gray-900">
        Last 30 Days
      </h2>
      {totals && (
        <p className="text-xs text-gray-600">
          {countOf(totals.views, { one: 'view', other: 'views' })},{' '}
          {countOf(totals.clicks, { one: 'click', other: 'clicks' })}
        </p>
      )}
      {data && (
        <Suspense fallback={chartSkeleton}>
          <DailyChart daily={data.daily} />
        </Suspense>
      )}
      {!data && !isError && chartSkeleton}
      {isError && <p className="text-sm text-gray-600">–</p>}
    </section>
  );
}
