import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiRequestError } from '../../../lib/api-client';

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
