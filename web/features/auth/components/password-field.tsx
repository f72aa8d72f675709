import type { ComponentProps } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

type PasswordFieldProps = Omit<ComponentProps<typeof Input>, 'type' | 'autoComplete'> & {
  label: string;
  error?: string;
  /** Which password a password manager fills in, or offers to make. */
  autoComplete: 'current-password' | 'new-password';
};

/** A labelled password field, its error told beside it (the rest goes to the input, e.g. `register`). */
export function PasswordField({ label, error, ...input }: PasswordFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(control) => <Input {...control} type="password" {...input} />}
    </FormField>
  );
}
