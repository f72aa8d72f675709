import { DownloadIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { categories } from '../../../../schema/categories';
import { goalTitle } from '../../../../schema/goals';
import { Button } from '../../../components/ui/button';
import { countOf } from '../../../lib/plural';
import type { YearInReview } from '../api/get-year';

type Block = NonNullable<YearInReview['firstFinished']>;

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function categoryLabel(key: string): string {
  return categories.find((category) => category.key === key)?.label ?? key;
}

function Figure({ value, label }: { value: ReactNode; label: string }) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4">
      <dd className="text-2xl font-bold text-gray-900">{value}</dd>
      <dt className="text-sm text-gray-700">{label}</dt>
    </div>
  );
}

const updates = { one: 'update', other: 'updates' };
const days = { one: 'day', other: 'days' };

/** "February: 1 update, 1 finished". */
function monthNews(name: string | undefined, month: { events: number; finished: number }) {
  return `${name}: ${countOf(month.events, updates)}, ${month.finished.toLocaleString('en')} finished`;
}

/** Twelve bars, one a month, as tall as the month's news; the busiest in the board's colour. */
function MonthStrip({ figures }: { figures: YearInReview }) {
  const most = Math.max(1, ...figures.months.map((month) => month.events));
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-semibold text-gray-900">Month by month</figcaption>
      <ol className="grid h-28 grid-cols-12 items-end gap-1" aria-label="News per month">
        {figures.months.map((month, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the twelve months never move
            key={index}
            className="flex h-[100%] flex-col justify-end gap-1 text-center"
            title={monthNews(monthNames[index], month)}
          >
            <span
              className={
                index === figures.busiestMonth ? 'rounded-sm bg-accent' : 'rounded-sm bg-gray-300'
              }
              style={{ height: `${Math.round((month.events / most) * 100)}%`, minHeight: 2 }}
            />
            <span className="text-xs text-gray-700" aria-hidden>
              {monthNames[index]?.[0]}
            </span>
            <span className="sr-only">{monthNews(monthNames[index], month)}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

function Highlight({
  title,
  note,
  block,
  renderBlock,
}: {
  title: string;
  note?: string;
  block: Block;
  renderBlock: (block: Block) => ReactNode;
}) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-gray-900">
        {title}
        {note && <span className="font-normal text-gray-700"> · {note}</span>}
      </h3>
      {renderBlock(block)}
    </section>
  );
}

/**
 * A board's year in review: what it finished by category, its first and last, the longest in
 * Now, the most copied, its goals, the busiest month and the twelve months. Cards are drawn by
 * `renderBlock` (the board's own); an empty year says so and leads to the board.
 */
export function YearReview({
  figures,
  header,
  renderBlock,
}: {
  figures: YearInReview;
  header: ReactNode;
  renderBlock: (block: Block) => ReactNode;
}) {
  const { user, year } = figures;
  const boardPath = `/@${user.username}`;
  const goalsMet = figures.goals.filter((goal) => goal.done >= goal.target).length;
  return (
    <main
      data-accent={figures.board.accent}
      className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:px-6"
    >
      {header}
      <h2 className="text-3xl font-bold text-gray-900">{`${year} in review`}</h2>
      {figures.isEmpty ? (
        <div className="space-y-3 rounded-xl border border-gray-200 bg-white p-6 text-center">
          <p className="text-gray-700">
            {`Nothing happened on this board in ${year}, so there is no year to look back on yet. The board itself is right here.`}
          </p>
          <Button asChild>
            <a href={boardPath}>{`See ${user.displayName}'s board`}</a>
          </Button>
        </div>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Figure value={figures.finished.total} label="blocks finished" />
            <Figure
              value={figures.goals.length > 0 ? `${goalsMet} of ${figures.goals.length}` : '–'}
              label="goals met"
            />
            <Figure
              value={figures.busiestMonth !== null ? monthNames[figures.busiestMonth] : '–'}
              label="busiest month"
            />
            <Figure
              value={figures.longestNow ? countOf(figures.longestNow.days, days) : '–'}
              label="longest in Now"
            />
          </dl>
          {figures.finished.byCategory.length > 0 && (
            <section className="space-y-2">
              <h3 className="text-sm font-semibold text-gray-900">Finished by category</h3>
              <ul className="flex flex-wrap gap-2">
                {figures.finished.byCategory.map(({ category, count }) => (
                  <li
                    key={category}
                    className="rounded-full border border-gray-200 bg-white px-3 py-1 text-sm text-gray-900"
                  >
                    {categoryLabel(category)}: {count}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <MonthStrip figures={figures} />
          {figures.goals.length > 0 && (
            <section className="space-y-2">
              <h3 className="text-sm font-semibold text-gray-900">Goals</h3>
              <ul className="space-y-1 text-sm text-gray-900">
                {figures.goals.map((goal) => (
                  <li key={goal.id}>
                    {goalTitle(goal)}: {goal.done} of {goal.target}
                    {goal.done >= goal.target ? ' · met' : ''}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {figures.firstFinished && (
              <Highlight
                title="First finished"
                block={figures.firstFinished}
                renderBlock={renderBlock}
              />
            )}
            {figures.lastFinished && (
              <Highlight
                title="Last finished"
                block={figures.lastFinished}
                renderBlock={renderBlock}
              />
            )}
            {figures.longestNow && (
              <Highlight
                title="Longest in Now"
                note={countOf(figures.longestNow.days, days)}
                block={figures.longestNow.block}
                renderBlock={renderBlock}
              />
            )}
            {figures.mostCopied && (
              <Highlight
                title="Most copied"
                note={countOf(figures.mostCopied.copies, { one: 'copy', other: 'copies' })}
                block={figures.mostCopied.block}
                renderBlock={renderBlock}
              />
            )}
          </div>
          <Button asChild variant="outline">
            <a href={`/api/og/${user.username}/years/${year}-story.png`} download>
              <DownloadIcon aria-hidden />
              Download story image
            </a>
          </Button>
        </>
      )}
      {figures.years.length > 1 && (
        <nav aria-label="Other years" className="flex flex-wrap gap-3 text-sm">
          {figures.years
            .filter((other) => other !== year)
            .map((other) => (
              <a
                key={other}
                href={`${boardPath}/year/${other}`}
                className="font-medium text-accent hover:underline"
              >
                {other}
              </a>
            ))}
        </nav>
      )}
    </main>
  );
}
