import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRoundIcon, Loader2Icon } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { loginInput } from '../../../../schema/users';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import type { CurrentUser } from '../../../lib/current-user';
import { useHydrated } from '../../../lib/use-hydrated';
import { useLogin } from '../api/login';
import { usePasskeySignIn, usePasskeySuggestion } from '../api/passkeys';
import { PasswordField } from './password-field';

type SignInValues = z.input<typeof loginInput>;

/** The account Sign Up just made: Sign In is then one press, with nothing to type again. */
export type RegisteredAccount = { username: string; password: string };

/** Signs in and stores the session; the screen then leaves for where the user was going. */
export function SignInForm({ registered }: { registered?: RegisteredAccount }) {
  const { signIn } = useAuth();
  const login = useLogin();
  const form = useForm<SignInValues, unknown, z.output<typeof loginInput>>({
    resolver: zodResolver(loginInput),
    defaultValues: { username: registered?.username ?? '', password: registered?.password ?? '' },
  });
  const { errors } = form.formState;
  const hydrated = useHydrated();

  const submitButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (registered) submitButton.current?.focus();
  }, [registered]);

  const welcome = useCallback(
    ({ token, user }: { token: string; user: CurrentUser }) => {
      // A first sign-in, right after Sign Up, is no return.
      toast({
        title: registered ? 'Welcome!' : 'Welcome back!',
        description: 'You have been successfully signed in.',
      });
      signIn(token, user);
    },
    [signIn, registered],
  );

  // The username field offers this site's passkeys among its suggestions: picking one signs in.
  const endSuggestion = usePasskeySuggestion(welcome);
  const passkey = usePasskeySignIn(endSuggestion);
  const signInWithAPasskey = () =>
    passkey.mutate(undefined, {
      onSuccess: welcome,
      onError: (error) => {
        // Closing the browser's passkey prompt is a choice, not a failure.
        if (error instanceof Error && error.name === 'NotAllowedError') return;
        toast({
          title: 'Login failed',
          description: errorMessage(error, 'Your passkey did not sign you in. Please try again.'),
          variant: 'destructive',
        });
      },
    });

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: welcome,
      onError: () =>
        toast({
          title: 'Login failed',
          description: 'Invalid credentials. Please check your username and password.',
          variant: 'destructive',
        }),
    }),
  );

  return (
    // Drawn on the server too: its fields wait for the app, which alone can send them (a
    // POST with no script, never the password in the address).
    <form method="post" onSubmit={onSubmit} noValidate>
      <fieldset disabled={!hydrated} className="space-y-4">
        <FormField label="Username" error={errors.username?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="username webauthn"
              autoCapitalize="none"
              spellCheck={false}
              required
              {...form.register('username')}
            />
          )}
        </FormField>
        <PasswordField
          label="Password"
          error={errors.password?.message}
          autoComplete="current-password"
          required
          {...form.register('password')}
        />
        <div className="flex justify-end">
          <Link
            to="/forgot-password"
            className="rounded-sm text-sm font-medium text-violet-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500"
          >
            Forgot Password?
          </Link>
        </div>
        <Button ref={submitButton} type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending && <Loader2Icon aria-hidden className="animate-spin" />}
          Sign In
        </Button>
        <Button
          type="button"
          variant="outline"
          className="w-full"
          disabled={passkey.isPending}
          onClick={signInWithAPasskey}
        >
          {passkey.isPending ? (
            <Loader2Icon aria-hidden className="animate-spin" />
          ) : (
            <KeyRoundIcon aria-hidden />
          )}
          Sign in with a passkey
        </Button>
      </fieldset>
    </form>
  );
}
