import { Label as LabelPrimitive } from 'radix-ui';
import { useId } from 'react';
import { feedbackPriorities, feedbackStatuses } from '../../../../schema/feedback';
import { Badge } from '../../../components/ui/badge';
import { ChoiceSelect } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/utils';
import type { FeedbackItem } from '../api/get-feedback';
import { type FeedbackChange, useUpdateFeedback } from '../api/update-feedback';
import {
  feedbackPriorityLabels,
  feedbackPriorityTints,
  feedbackStatusLabels,
  feedbackStatusTints,
  feedbackTypeLabels,
  feedbackTypeTints,
} from './feedback-labels';
import { formatFeedbackDate } from './format-date';

type ChoiceProps<T extends string> = {
  label: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  disabled: boolean;
  onChange: (value: T) => void;
};

function Choice<T extends string>({
  label,
  value,
  options,
  labels,
  disabled,
  onChange,
}: ChoiceProps<T>) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:w-40 sm:flex-none">
      <LabelPrimitive.Root htmlFor={id} className="text-xs font-medium text-gray-600">
        {label}
      </LabelPrimitive.Root>
      <ChoiceSelect
        id={id}
        size="sm"
        value={value}
        onValueChange={onChange}
        disabled={disabled}
        options={options.map((option) => ({ value: option, label: labels[option] }))}
      />
    </div>
  );
}

function Detail({ term, value, className }: { term: string; value: string; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-medium text-gray-600">{term}</dt>
      <dd className="text-sm wrap-anywhere text-gray-900">{value}</dd>
    </div>
  );
}

/** One submission with its badges, details, and the status and priority an admin can set. */
export function FeedbackItemCard({ item }: { item: FeedbackItem }) {
  const update = useUpdateFeedback();
  // Until the refreshed list arrives, show the value just picked rather than the old one.
  const pending = update.isPending ? update.variables.change : {};
  const status = pending.status ?? item.status;
  const priority = pending.priority ?? item.priority;

  const change = (next: FeedbackChange) =>
    update.mutate(
      { id: item.id, change: next },
      {
        onSuccess: () =>
          toast({ title: 'Updated', description: 'Feedback status updated successfully.' }),
        onError: () =>
          toast({
            title: 'Error',
            description: 'Failed to update feedback.',
            variant: 'destructive',
          }),
      },
    );

  return (
    <li className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap gap-2">
        <Badge className={feedbackTypeTints[item.type]}>{feedbackTypeLabels[item.type]}</Badge>
        <Badge className={feedbackStatusTints[status]}>{feedbackStatusLabels[status]}</Badge>
        <Badge className={feedbackPriorityTints[priority]}>
          {feedbackPriorityLabels[priority]} priority
        </Badge>
      </div>
      <h2 className="mt-3 break-words text-lg font-semibold text-gray-900">{item.title}</h2>
      <p className="mt-1 whitespace-pre-line break-words text-sm leading-relaxed text-gray-700">
        {item.description}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 border-t border-gray-100 pt-4 sm:grid-cols-3">
        <Detail term="User" value={item.username ?? 'N/A'} />
        <Detail term="Email" value={item.email ?? 'N/A'} />
        <Detail
          term="Submitted"
          value={formatFeedbackDate(item.createdAt)}
          className="col-span-2 sm:col-span-1"
        />
      </dl>
      <div className="mt-4 flex gap-3">
        <Choice
          label="Status"
          value={status}
          options={feedbackStatuses}
          labels={feedbackStatusLabels}
          disabled={update.isPending}
          onChange={(next) => change({ status: next })}
        />
        <Choice
          label="Priority"
          value={priority}
          options={feedbackPriorities}
          labels={feedbackPriorityLabels}
          disabled={update.isPending}
          onChange={(next) => change({ priority: next })}
        />
      </div>
    </li>
  );
}
