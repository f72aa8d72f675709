import { Skeleton } from '../../../components/ui/skeleton';
import { countOf } from '../../../lib/plural';
import { type Analytics, useMyAnalytics } from '../api/get-my-analytics';

type Insights = Analytics['insights'];
type Share = Insights['referrers'][number];

const siteNames: Record<string, string> = {
  direct: 'Direct',
  up2: 'Up2',
  other: 'Other Sites',
};
const deviceNames: Record<string, string> = {
  phone: 'Phone',
  tablet: 'Tablet',
  desktop: 'Desktop',
};
const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });

function countryName(code: string): string {
  if (code === 'XX') return 'Unknown';
  if (code === 'T1') return 'Tor';
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

const viewsLabel = (views: number) => countOf(views, { one: 'view', other: 'views' });

function Ranking(props: { title: string; rows: { key: string; name: string; figure: string }[] }) {
  if (props.rows.length === 0) return null;
  return (
    <div>
      <h3 className="mb-1.5 text-xs font-semibold text-gray-700">{props.title}</h3>
      <ol aria-label={props.title} className="space-y-1">
        {props.rows.map((row) => (
          <li key={row.key} className="flex items-center justify-between gap-2 text-sm">
            <span className="min-w-0 truncate text-gray-900">{row.name}</span>
            <span className="shrink-0 text-xs text-gray-600">{row.figure}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

const sharesOf = (shares: Share[], nameOf: (name: string) => string) =>
  shares.map(({ name, views }) => ({ key: name, name: nameOf(name), figure: viewsLabel(views) }));

/**
 * Where the last 30 days' visitors came from (sites, countries, devices) and how often each
 * block's link was followed, five of each: counts of the whole board, never of a person.
 */
export function InsightsCard() {
  const { data, isError } = useMyAnalytics();
  const insights = data?.insights;
  const isEmpty =
    insights &&
    insights.views === 0 &&
    insights.referrers.length === 0 &&
    insights.blocks.length === 0;
  return (
    <section aria-labelledby="insights-heading" className="space-y-3">
      <h2 id="insights-heading" className="text-sm font-semibold text-gray-900">
        Where Visitors Come From
      </h2>
      {!data && !isError && <Skeleton className="h-24 w-full" />}
      {isError && <p className="text-sm text-gray-600">–</p>}
      {isEmpty && <p className="text-sm text-gray-600">No visitors in the last 30 days yet.</p>}
      {insights && !isEmpty && (
        <>
          <Ranking
            title="Top Sites"
            rows={sharesOf(insights.referrers, (name) => siteNames[name] ?? name)}
          />
          <Ranking title="Top Countries" rows={sharesOf(insights.countries, countryName)} />
          <Ranking
            title="Devices"
            rows={sharesOf(insights.devices, (name) => deviceNames[name] ?? name)}
          />
          <Ranking
            title="Link Click-Through"
            rows={insights.blocks.map((block) => ({
              key: String(block.id),
              name: block.title,
              figure: `${percent.format(block.clickThroughRate)} · ${countOf(block.clicks, { one: 'click', other: 'clicks' })}`,
            }))}
          />
        </>
      )}
    </section>
  );
}
