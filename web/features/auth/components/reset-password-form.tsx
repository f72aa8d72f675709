import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';
import {
  type ResetPasswordForm as ResetPasswordValues,
  resetPasswordForm,
} from '../reset-password-schema';
import { PasswordField } from './password-field';

/** Long enough to read the notification before landing on the sign-in screen. */
const redirectDelayMs = 2000;

/** Goes to /auth after the delay; leaving the screen first cancels it. */
function useRedirectToAuthLater() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate('/auth?tab=signin'), redirectDelayMs);
  };
}

/** Without a token in the link there is nothing to reset: say so and go to sign in. */
export function useMissingTokenRedirect(token: string | null) {
  const redirectLater = useRedirectToAuthLater();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per token, not per render.
  useEffect(() => {
    if (token) return;
    toast({
      title: 'Invalid Link',
      description: 'No reset token found in the URL',
      variant: 'destructive',
    });
    redirectLater();
  }, [token]);
}

export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const redirectLater = useRedirectToAuthLater();
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ newPassword }) =>
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: () => {
          toast({ title: 'Password Reset Successful' });
          redirectLater();
        },
        onError: (error) => {
          // A refusal about the password shows at its field too, where the fix is typed.
          if (error instanceof ApiRequestError && error.fields.newPassword) {
            form.setError(
              'newPassword',
              { message: error.fields.newPassword },
              { shouldFocus: true },
            );
          }
          toast({
            title: 'Reset Failed',
            description: errorMessage(
              error,
              'Failed to reset password. The link may be invalid or expired.',
            ),
            variant: 'destructive',
          });
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <PasswordField
        label="New Password"
        error={errors.newPassword?.message}
        autoComplete="new-password"
        placeholder="At least 6 characters"
        required
        {...form.register('newPassword')}
      />
      <PasswordField
        label="Confirm Password"
        error={errors.confirmPassword?.message}
        autoComplete="new-password"
        required
        {...form.register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={reset.isPending || reset.isSuccess}>
        {reset.isPending && <Loader2Icon aria-hidden className="animate-spin" />}
        Reset Password
      </Button>
    </form>
  );
}
