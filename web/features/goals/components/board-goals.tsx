import { CalendarHeartIcon, FlameIcon, TargetIcon } from 'lucide-react';
import { goalTitle, type PublicGoal } from '../../../../schema/goals';

/** A goal's progress as a line: its words, "7 of 24" and a bar in the board's colour. */
export function GoalProgress({ goal }: { goal: PublicGoal }) {
  const shown = Math.min(goal.done, goal.target);
  const percent = Math.round((shown / goal.target) * 100);
  const met = goal.done >= goal.target;
  return (
    <div className="space-y-1" data-goal={goal.id}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="wrap-anywhere font-medium text-gray-900">{goalTitle(goal)}</span>
        <span className="shrink-0 tabular-nums text-gray-700">
          {met ? `Done · ${goal.done} of ${goal.target}` : `${goal.done} of ${goal.target}`}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={goalTitle(goal)}
        aria-valuemin={0}
        aria-valuemax={goal.target}
        aria-valuenow={shown}
        className="h-2 overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-[100%] rounded-full bg-accent" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * The board's year under its header: this year's public goals with their progress, the streak of
 * weeks with news once it is worth showing, and a link to the year in review once something was
 * finished in it (`reviewYear`). Nothing when there is none of these.
 */
export function BoardGoals({
  username,
  goals,
  streakWeeks,
  reviewYear,
}: {
  username: string;
  goals: PublicGoal[];
  streakWeeks: number | null;
  reviewYear: number | null;
}) {
  if (goals.length === 0 && streakWeeks === null && reviewYear === null) return null;
  return (
    <section
      aria-label="Goals this year"
      className="space-y-3 rounded-xl border border-gray-200 bg-white p-4"
    >
      {goals.length > 0 && (
        <>
          <h2 className="flex items-center gap-1.5 text-sm font-semibold text-gray-900">
            <TargetIcon aria-hidden className="size-4 text-accent" />
            Goals for {goals[0]?.year}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {goals.map((goal) => (
              <li key={goal.id}>
                <GoalProgress goal={goal} />
              </li>
            ))}
          </ul>
        </>
      )}
      {streakWeeks !== null && (
        <p className="flex items-center gap-1.5 text-sm text-gray-700">
          <FlameIcon aria-hidden className="size-4 text-accent" />
          {streakWeeks}-week streak
        </p>
      )}
      {reviewYear !== null && (
        <a
          href={`/@${username}/year/${reviewYear}`}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-accent hover:underline"
        >
          <CalendarHeartIcon aria-hidden className="size-4" />
          {reviewYear} in review
        </a>
      )}
    </section>
  );
}
