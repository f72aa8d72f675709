import { Skeleton } from '../../../components/ui/skeleton';
import { countOf } from '../../../lib/plural';
import { useMyAnalytics } from '../api/get-my-analytics';

/** `undefined` while loading, `null` when the number could not be read. */
type StatValue = number | null | undefined;

function Stat({ label, value }: { label: string; value: StatValue }) {
  return (
    <div className="rounded-lg bg-gray-50 p-3">
      <dt className="text-xs font-medium text-gray-600">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-gray-900">
        {value === undefined && <Skeleton className="h-7 w-10" />}
        {value === null && '–'}
        {typeof value === 'number' && value.toLocaleString()}
      </dd>
    </div>
  );
}

function copiesLabel(copies: number) {
  return countOf(copies, { one: 'copy', other: 'copies' });
}

/**
 * The owner's numbers: views and visitors this week, blocks, copies, followers, clicks, and the
 * most copied blocks.
 */
export function StatsCard({ blockCount }: { blockCount: StatValue }) {
  const { data, isError } = useMyAnalytics();
  const missing = isError ? null : undefined;
  return (
    <section aria-labelledby="stats-heading" className="space-y-3">
      <h2 id="stats-heading" className="text-sm font-semibold text-gray-900">
        Stats
      </h2>
      <dl className="grid grid-cols-2 gap-2">
        <Stat label="This Week" value={data?.weeklyViews ?? missing} />
        <Stat label="Visitors This Week" value={data?.uniqueVisitors ?? missing} />
        <Stat label="Blocks" value={blockCount} />
        <Stat label="Total Copies" value={data?.totalCopies ?? missing} />
        <Stat label="Followers" value={data?.followers ?? missing} />
        {data && data.totalClicks > 0 && <Stat label="Total Clicks" value={data.totalClicks} />}
      </dl>
      {data && data.popularBlocks.length > 0 && (
        <div>
          <h3 className="mb-2 text-xs font-semibold text-gray-700">Popular Blocks</h3>
          <ol className="space-y-1.5">
            {data.popularBlocks.map((block) => (
              <li key={block.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0 truncate text-gray-900">{block.title}</span>
                <span className="shrink-0 text-xs text-gray-600">{copiesLabel(block.copies)}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
