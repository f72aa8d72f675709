import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon } from 'lucide-react';
import { Label as LabelPrimitive } from 'radix-ui';
import { useId, useState } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { registerInput } from '../../../../schema/users';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { ApiRequestError } from '../../../lib/api-client';
import { useSiteOrigin } from '../../../lib/site-origin';
import { useHydrated } from '../../../lib/use-hydrated';
import { useRegister } from '../api/register';
import { normalizeUsername } from '../normalize-username';
import { usernameChangeNote, usernameHint } from '../username-hint';
import { PasswordField } from './password-field';
import { showServerFieldErrors } from './server-field-errors';
import type { RegisteredAccount } from './sign-in-form';

type SignUpValues = z.input<typeof registerInput>;

const emptyForm: SignUpValues = {
  displayName: '',
  username: '',
  email: '',
  password: '',
  emailOptIn: false,
};

function warnAboutShortPassword(errors: FieldErrors<SignUpValues>) {
  if (errors.password) {
    toast({
      title: 'Password too short',
      description: 'Password must be at least 6 characters long.',
      variant: 'destructive',
    });
  }
}

/** Registration; on success the screen moves to Sign In with the new account filled in. */
export function SignUpForm({
  onRegistered,
}: {
  onRegistered: (account: RegisteredAccount) => void;
}) {
  const registration = useRegister();
  const optInId = useId();
  const form = useForm<SignUpValues, unknown, z.output<typeof registerInput>>({
    resolver: zodResolver(registerInput),
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;
  const hydrated = useHydrated();
  const username = form.watch('username');
  // The last change made to what was typed, said until the field is emptied.
  const [changeNote, setChangeNote] = useState<string | null>(null);
  const siteOrigin = useSiteOrigin();

  const onSubmit = form.handleSubmit(
    (values) =>
      registration.mutate(values, {
        onSuccess: () => {
          toast({ title: 'Account created!', description: 'Please sign in to continue.' });
          onRegistered({ username: values.username, password: values.password });
        },
        onError: (error) => {
          const shownAtField = showServerFieldErrors(form, error);
          // A taken name or address agrees with the field's message; any other field's refusal
          // (a common password) says all there is to say beside that field.
          if (shownAtField && !(error instanceof ApiRequestError && error.status === 409)) return;
          toast({
            title: 'Registration failed',
            description: 'Username or email may already be taken. Please try again.',
            variant: 'destructive',
          });
        },
      }),
    warnAboutShortPassword,
  );

  return (
    // Drawn on the server too: its fields wait for the app, which alone can send them (a
    // POST with no script, never the password in the address).
    <form method="post" onSubmit={onSubmit} noValidate>
      <fieldset disabled={!hydrated} className="space-y-4">
        <FormField label="Display Name" error={errors.displayName?.message}>
          {(control) => (
            <Input {...control} autoComplete="name" required {...form.register('displayName')} />
          )}
        </FormField>
        <FormField
          label="Username"
          error={errors.username?.message}
          hint={
            <>
              <span className="block">{usernameHint(username, new URL(siteOrigin).host)}</span>
              {changeNote && <span className="block font-medium text-gray-800">{changeNote}</span>}
            </>
          }
        >
          {(control) => (
            <Input
              {...control}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              {...form.register('username')}
              onChange={(event) => {
                const typed = event.target.value;
                const kept = normalizeUsername(typed);
                if (!kept || typed !== kept)
                  setChangeNote(kept ? usernameChangeNote(typed, kept) : null);
                form.setValue('username', kept, {
                  shouldDirty: true,
                  shouldValidate: true,
                });
              }}
            />
          )}
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
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
        <PasswordField
          label="Password"
          error={errors.password?.message}
          autoComplete="new-password"
          placeholder="At least 6 characters"
          required
          {...form.register('password')}
        />
        <Controller
          control={form.control}
          name="emailOptIn"
          render={({ field }) => (
            <div className="flex items-start gap-2">
              <Checkbox
                id={optInId}
                className="mt-0.5"
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
              />
              <LabelPrimitive.Root
                htmlFor={optInId}
                className="text-sm font-normal leading-snug text-gray-900"
              >
                Send me updates about new features and tips
              </LabelPrimitive.Root>
            </div>
          )}
        />
        <Button type="submit" className="w-full" disabled={registration.isPending}>
          {registration.isPending && <Loader2Icon aria-hidden className="animate-spin" />}
          Sign Up
        </Button>
      </fieldset>
    </form>
  );
}
