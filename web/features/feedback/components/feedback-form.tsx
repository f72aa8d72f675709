import { zodResolver } from '@hookform/resolvers/zod';
import { SendIcon } from 'lucide-react';
import { Controller, type UseFormSetError, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { feedbackInput, feedbackTypes } from '../../../../schema/feedback';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { ChoiceSelect } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { ApiRequestError } from '../../../lib/api-client';
import { useSubmitFeedback } from '../api/submit-feedback';
import { feedbackTypeLabels } from './feedback-labels';

type FeedbackValues = z.input<typeof feedbackInput>;
type FeedbackOutput = z.output<typeof feedbackInput>;

const emptyForm: FeedbackValues = { type: 'feature', title: '', description: '', email: '' };
const formFields = ['type', 'title', 'description', 'email'] as const;

/** Puts the server's per-field messages under the fields they belong to. */
function showServerFields(error: unknown, setError: UseFormSetError<FeedbackValues>) {
  if (!(error instanceof ApiRequestError)) return;
  for (const field of formFields) {
    const message = error.fields[field];
    if (message) setError(field, { message });
  }
}

type FeedbackFormProps = {
  userId: number | null;
  onSubmitted: () => void;
};

export function FeedbackForm({ userId, onSubmitted }: FeedbackFormProps) {
  const submit = useSubmitFeedback();
  const form = useForm<FeedbackValues, unknown, FeedbackOutput>({
    resolver: zodResolver(feedbackInput),
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;
  const descriptionLength = form.watch('description').length;

  const onSubmit = form.handleSubmit((values) =>
    submit.mutate(
      { ...values, email: values.email ?? null, userId },
      {
        onSuccess: () => {
          toast({ title: 'Feedback submitted!', description: 'Thank you for helping us improve.' });
          onSubmitted();
        },
        onError: (error) => {
          showServerFields(error, form.setError);
          toast({
            title: 'Error',
            description: 'Failed to submit feedback. Please try again.',
            variant: 'destructive',
          });
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <FormField label="Type" error={errors.type?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <ChoiceSelect
                {...control}
                onBlur={field.onBlur}
                value={field.value}
                onValueChange={field.onChange}
                options={feedbackTypes.map((type) => ({
                  value: type,
                  label: feedbackTypeLabels[type],
                }))}
              />
            )}
          />
        )}
      </FormField>
      <FormField label="Title" error={errors.title?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('title')}
            maxLength={100}
            placeholder="A short summary of your idea or the problem"
          />
        )}
      </FormField>
      <FormField
        label="Description"
        error={errors.description?.message}
        hint={`${descriptionLength}/1000 characters`}
      >
        {(control) => (
          <Textarea
            {...control}
            {...form.register('description')}
            rows={6}
            maxLength={1000}
            placeholder="Tell us more: what happened, what you expected, or how it would help you"
          />
        )}
      </FormField>
      <FormField
        label="Email (optional)"
        error={errors.email?.message}
        hint="Only if you'd like us to follow up with you."
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('email')}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
          />
        )}
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={submit.isPending}>
        {submit.isPending ? (
          <Spinner size="sm" tone="inverse" label="Submitting" />
        ) : (
          <SendIcon aria-hidden />
        )}
        Submit Feedback
      </Button>
    </form>
  );
}
