import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { ReportResult } from '../../../components/ui/result-notice';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';

/** Shows the API's per-field messages at the form's own fields; true when any was shown. */
export function showServerFieldErrors<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  const fields = Object.entries(error.fields).filter(([name]) => name in form.getValues());
  for (const [name, message] of fields) form.setError(name as Path<Values>, { message });
  return fields.length > 0;
}

/** A form inside account settings: it closes when done and says how it went where the dialog shows it. */
export type SettingsFormProps = {
  onDone: () => void;
  onResult: ReportResult;
};

/**
 * What a settings form does with the answer to its change: says the message and closes, or shows a
 * refusal at the fields it names, else says `failure` (or the server's own words).
 */
export function settingsFormOutcome<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  { onDone, onResult }: SettingsFormProps,
  failure: string,
) {
  return {
    onSuccess: ({ message }: { message: string }) => {
      onResult(message);
      onDone();
    },
    onError: (error: Error) => {
      if (showServerFieldErrors(form, error)) return;
      onResult(errorMessage(error, failure), true);
    },
  };
}
