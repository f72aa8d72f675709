import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon, MailCheckIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { forgotPasswordInput } from '../../../../schema/users';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { useRequestPasswordReset } from '../api/request-password-reset';

function BackToLogin() {
  return (
    <Button asChild variant="outline" className="w-full">
      <Link to="/auth?tab=signin">Back to Login</Link>
    </Button>
  );
}

/** The same confirmation whether or not the address has an account. */
function ResetLinkSent() {
  return (
    <div className="space-y-4 text-center" role="status">
      <MailCheckIcon aria-hidden className="mx-auto size-10 text-violet-700" />
      <p className="font-medium text-gray-900">
        If an account exists with that email, we've sent password reset instructions
      </p>
      <p className="text-sm text-gray-600">Please check your inbox and spam folder.</p>
      <BackToLogin />
    </div>
  );
}

export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const form = useForm<z.input<typeof forgotPasswordInput>, unknown, { email: string }>({
    resolver: zodResolver(forgotPasswordInput),
    defaultValues: { email: '' },
  });

  if (request.isSuccess) return <ResetLinkSent />;

  const onSubmit = form.handleSubmit((values) =>
    request.mutate(values, {
      onError: () =>
        toast({
          title: 'Error',
          description: 'Something went wrong. Please try again.',
          variant: 'destructive',
        }),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-gray-600">
        Enter your email and we'll send you a link to reset your password.
      </p>
      <FormField label="Email" error={form.formState.errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            required
            {...form.register('email')}
          />
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={request.isPending}>
        {request.isPending && <Loader2Icon aria-hidden className="animate-spin" />}
        Send Reset Link
      </Button>
      <BackToLogin />
    </form>
  );
}
