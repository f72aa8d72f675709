import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type ChangePasswordInput, changePasswordInput } from '../../../../schema/account';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';
import { PasswordField } from './password-field';
import { showServerFieldErrors } from './server-field-errors';

type ChangePasswordFormProps = {
  onDone: () => void;
  /** Says how it went, where the dialog shows it. */
  onResult: (message: string, failed?: boolean) => void;
};

export function ChangePasswordForm({ onDone, onResult }: ChangePasswordFormProps) {
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInput),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: ({ message }) => {
        onResult(message);
        onDone();
      },
      onError: (error) => {
        if (showServerFieldErrors(form, error)) return;
        onResult(errorMessage(error, 'Failed to change password. Please try again.'), true);
      },
    }),
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
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
