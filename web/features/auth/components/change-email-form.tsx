import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changeEmailInput } from '../../../../schema/account';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useChangeEmail } from '../api/change-email';
import { PasswordField } from './password-field';
import { type SettingsFormProps, settingsFormOutcome } from './server-field-errors';

type EmailValues = z.input<typeof changeEmailInput>;

export function ChangeEmailForm(props: SettingsFormProps) {
  const change = useChangeEmail();
  const form = useForm<EmailValues, unknown, z.output<typeof changeEmailInput>>({
    resolver: zodResolver(changeEmailInput),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    change.mutate(
      values,
      settingsFormOutcome(form, props, 'Failed to change email. Please try again.'),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <FormField label="New Email" error={errors.email?.message}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" {...form.register('email')} />
        )}
      </FormField>
      <PasswordField
        label="Current Password"
        error={errors.password?.message}
        autoComplete="current-password"
        {...form.register('password')}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={change.isPending}>
          Change Email
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={props.onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
