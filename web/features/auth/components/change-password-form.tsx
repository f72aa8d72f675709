import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type ChangePasswordInput, changePasswordInput } from '../../../../schema/account';
import { Button } from '../../../components/ui/button';
import { useChangePassword } from '../api/change-password';
import { PasswordField } from './password-field';
import { type SettingsFormProps, settingsFormOutcome } from './server-field-errors';

export function ChangePasswordForm(props: SettingsFormProps) {
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInput),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    change.mutate(
      values,
      settingsFormOutcome(form, props, 'Failed to change password. Please try again.'),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <PasswordField
        label="Current Password"
        error={errors.currentPassword?.message}
        autoComplete="current-password"
        {...form.register('currentPassword')}
      />
      <PasswordField
        label="New Password"
        error={errors.newPassword?.message}
        autoComplete="new-password"
        placeholder="At least 6 characters"
        {...form.register('newPassword')}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={change.isPending}>
          Change Password
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={props.onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
