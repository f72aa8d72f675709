import { FlameIcon, TrashIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { blockTypes } from '../../../../schema/catalogue';
import { categories } from '../../../../schema/categories';
import { goalTitle } from '../../../../schema/goals';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { fieldClassName, Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { countOf } from '../../../lib/plural';
import { type OwnGoal, useCreateGoal, useDeleteGoal, useOwnGoals } from '../api/goals';
import { GoalProgress } from './board-goals';

const weeks = { one: 'week', other: 'weeks' };

type Counted = { scope: 'any' | 'category' | 'type'; scopeKey: string | null };

/** A choice of the select: "any", "category:learning" or "type:books-reading". */
function countedOf(choice: string): Counted {
  const [scope, key] = choice.split(':');
  if (scope === 'category' || scope === 'type') return { scope, scopeKey: key ?? null };
  return { scope: 'any', scopeKey: null };
}

/**
 * The dashboard's goals: the owner's goals of this year with their progress (and which are
 * private), a form to set another, and their streak of weeks with news.
 */
export function GoalsCard({ year }: { year: number }) {
  const goals = useOwnGoals();
  const thisYears = goals.data?.goals.filter((goal) => goal.year === year) ?? [];
  return (
    <section aria-labelledby="goals-heading" className="space-y-3">
      <h2 id="goals-heading" className="text-sm font-semibold text-gray-900">
        Goals for {year}
      </h2>
      {goals.isPending && <Skeleton className="h-10 w-full" />}
      {goals.data && (
        <>
          {thisYears.length > 0 ? (
            <ul className="space-y-3">
              {thisYears.map((goal) => (
                <OwnGoalLine key={goal.id} goal={goal} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-gray-700">
              Set a goal, like 24 books this year: your board shows how far you got.
            </p>
          )}
          <p className="flex items-center gap-1.5 text-sm text-gray-700">
            <FlameIcon aria-hidden className="size-4 text-violet-700" />
            Streak: {countOf(goals.data.streak.current, weeks)} · longest{' '}
            {countOf(goals.data.streak.longest, weeks)}
          </p>
        </>
      )}
      <NewGoalForm year={year} />
    </section>
  );
}

function OwnGoalLine({ goal }: { goal: OwnGoal }) {
  const remove = useDeleteGoal();
  return (
    <li className="flex items-start gap-2">
      <div className="min-w-0 flex-1">
        <GoalProgress goal={goal} />
      </div>
      {goal.isPrivate && <span className="text-xs text-gray-600">Private</span>}
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Delete goal: ${goalTitle(goal)}`}
        disabled={remove.isPending}
        onClick={() => remove.mutate(goal.id)}
      >
        <TrashIcon aria-hidden />
      </Button>
    </li>
  );
}

function NewGoalForm({ year }: { year: number }) {
  const create = useCreateGoal();
  const [target, setTarget] = useState('12');
  const [counted, setCounted] = useState('any');
  const [isPrivate, setIsPrivate] = useState(false);
  const error = create.error;
  const fieldError = (name: string) =>
    error instanceof ApiRequestError ? error.fields[name] : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { year, target: Number(target), ...countedOf(counted), isPrivate },
      { onSuccess: () => setTarget('12') },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-2" aria-label="New goal">
      <div className="grid grid-cols-[5rem_1fr] gap-2">
        <FormField label="Finish" error={fieldError('target')}>
          {(control) => (
            <Input
              {...control}
              type="number"
              min={1}
              max={1000}
              required
              value={target}
              onChange={(event) => setTarget(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Of" error={fieldError('scopeKey')}>
          {(control) => (
            <select
              {...control}
              className={`${fieldClassName} h-10 rounded-md bg-white text-base sm:text-sm`}
              value={counted}
              onChange={(event) => setCounted(event.target.value)}
            >
              <option value="any">Any blocks</option>
              {categories.map((category) => (
                <optgroup key={category.key} label={category.label}>
                  <option value={`category:${category.key}`}>All {category.label}</option>
                  {blockTypes
                    .filter((type) => type.category === category.key)
                    .map((type) => (
                      <option key={type.key} value={`type:${type.key}`}>
                        {type.label}
                      </option>
                    ))}
                </optgroup>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id="new-goal-private"
          checked={isPrivate}
          onCheckedChange={(checked) => setIsPrivate(checked === true)}
        />
        <Label htmlFor="new-goal-private">Only I can see it</Label>
      </div>
      {error && !fieldError('target') && !fieldError('scopeKey') && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(error, 'The goal was not saved. Please try again.')}
        </p>
      )}
      <Button type="submit" variant="outline" align="start" disabled={create.isPending}>
        Set goal
      </Button>
    </form>
  );
}
