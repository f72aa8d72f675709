import { InboxIcon } from 'lucide-react';
import { Label as LabelPrimitive } from 'radix-ui';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  type FeedbackListFilters,
  feedbackListQuery,
  feedbackStatuses,
  feedbackTypes,
} from '../../../../schema/feedback';
import { ChoiceSelect } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { countOf } from '../../../lib/plural';
import { useFeedbackList } from '../api/get-feedback';
import { FeedbackItemCard } from './feedback-item-card';
import { feedbackStatusLabels, feedbackTypeLabels } from './feedback-labels';

const anyValue = 'all';

/** The filters kept in the address (?status=…&type=…), so a filtered inbox can be reloaded or shared. */
function useFeedbackFilters() {
  const [params, setParams] = useSearchParams();
  const parsed = feedbackListQuery.safeParse({
    status: params.get('status') ?? undefined,
    type: params.get('type') ?? undefined,
  });
  // A filter edited by hand into something unknown shows everything rather than an error.
  const filters: FeedbackListFilters = parsed.success ? parsed.data : {};
  function setFilter(name: keyof FeedbackListFilters, value: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === anyValue) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  }
  return { filters, setFilter };
}

function FilterChoice<T extends string>({
  label,
  allLabel,
  value,
  options,
  labels,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: T | undefined;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T | typeof anyValue) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:w-48 sm:flex-none">
      <LabelPrimitive.Root htmlFor={id} className="text-xs font-medium text-gray-600">
        {label}
      </LabelPrimitive.Root>
      <ChoiceSelect<T | typeof anyValue>
        id={id}
        size="sm"
        value={value ?? anyValue}
        onValueChange={onChange}
        options={[
          { value: anyValue, label: allLabel },
          ...options.map((option) => ({ value: option, label: labels[option] })),
        ]}
      />
    </div>
  );
}

/** Submissions newest first, filtered by status and type. Mount it for the owner account only. */
export function FeedbackAdminList() {
  const { filters, setFilter } = useFeedbackFilters();
  const filtered = Boolean(filters.status || filters.type);
  return (
    <>
      <fieldset className="mb-6 flex gap-3">
        <legend className="sr-only">Filter feedback</legend>
        <FilterChoice
          label="Filter by status"
          allLabel="All statuses"
          value={filters.status}
          options={feedbackStatuses}
          labels={feedbackStatusLabels}
          onChange={(value) => setFilter('status', value)}
        />
        <FilterChoice
          label="Filter by type"
          allLabel="All types"
          value={filters.type}
          options={feedbackTypes}
          labels={feedbackTypeLabels}
          onChange={(value) => setFilter('type', value)}
        />
      </fieldset>
      <FeedbackResults filters={filters} filtered={filtered} />
    </>
  );
}

function FeedbackResults({
  filters,
  filtered,
}: {
  filters: FeedbackListFilters;
  filtered: boolean;
}) {
  const list = useFeedbackList(filters);
  if (list.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" label="Loading feedback" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <p
        role="alert"
        className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-800"
      >
        Failed to load feedback. Please reload the page.
      </p>
    );
  }
  if (list.data.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-16 text-center">
        <InboxIcon aria-hidden className="size-10 text-gray-400" />
        <p className="mt-3 font-medium text-gray-700">
          {filtered ? 'No feedback matches these filters' : 'No feedback submissions yet'}
        </p>
      </div>
    );
  }
  return (
    <>
      <p className="mb-4 text-sm font-medium text-gray-600">
        {countOf(list.data.length, { one: 'submission', other: 'submissions' })}
      </p>
      <ul className="space-y-4">
        {list.data.map((item) => (
          <FeedbackItemCard key={item.id} item={item} />
        ))}
      </ul>
    </>
  );
}
