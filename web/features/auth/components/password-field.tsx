import { type ComponentProps, useState } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

type PasswordFieldProps = Omit<ComponentProps<typeof Input>, 'type' | 'autoComplete'> & {
  label: string;
  error?: string;
  /** Which password a password manager fills in, or offers to make. */
  autoComplete: 'current-password' | 'new-password';
};

/**
 * A labelled password field with a Show toggle (one field to check by eye instead of a second to
 * type again), its error told beside it (the rest goes to the input, e.g. `register`).
 */
export function PasswordField({ label, error, className, ...input }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <div className="relative">
          <Input
            {...control}
            type={shown ? 'text' : 'password'}
            className={`pr-16 ${className ?? ''}`}
            {...input}
          />
          {/* Its name stays "Show" while pressed, as a toggle's does; aria-pressed says the state. */}
          <button
            type="button"
            aria-pressed={shown}
            aria-controls={control.id}
            onClick={() => setShown((was) => !was)}
            className="absolute inset-y-1 right-1 rounded px-3 text-sm font-medium text-violet-700 hover:bg-violet-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500"
          >
            Show
          </button>
        </div>
      )}
    </FormField>
  );
}
