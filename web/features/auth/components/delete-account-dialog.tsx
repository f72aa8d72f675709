import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { deleteAccountInput } from '../../../../schema/account';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useLeaveAndSignOut } from '../../../lib/auth';
import { countOf } from '../../../lib/plural';
import { useDeleteAccount } from '../api/delete-account';
import { PasswordField } from './password-field';
import { showServerFieldErrors } from './server-field-errors';

type DeleteAccountDialogProps = { username: string; blockCount: number | undefined };

function blocksLost(count: number | undefined): string {
  if (count === undefined) return 'its blocks';
  return `its ${countOf(count, { one: 'block', other: 'blocks' })}`;
}

/** Says what will be lost, and asks for the password before the account ends. */
export function DeleteAccountDialog({ username, blockCount }: DeleteAccountDialogProps) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const leaveAndSignOut = useLeaveAndSignOut();
  const form = useForm<{ password: string }>({
    resolver: zodResolver(deleteAccountInput),
    defaultValues: { password: '' },
  });

  const onSubmit = form.handleSubmit(({ password }) =>
    remove.mutate(password, {
      onSuccess: ({ message }) => {
        leaveAndSignOut({ sessionEnded: true });
        toast({ title: 'Account deleted', description: message });
      },
      onError: (error) => {
        if (showServerFieldErrors(form, error)) return;
        form.setError('root', {
          message: errorMessage(error, 'Failed to delete your account. Please try again.'),
        });
      },
    }),
  );

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <AlertDialogTrigger asChild>
        <Button type="button" variant="destructive-outline" size="sm">
          Delete Account
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Delete your account?</AlertDialogTitle>
        <AlertDialogDescription>
          Your board at /@{username} goes, with {blocksLost(blockCount)}, your profile, your stats
          and the images you uploaded or generated. People who copied your blocks keep their copies.
          The name @{username} stays reserved, so no one else takes over your links. This cannot be
          undone: download your data first if you want to keep it.
        </AlertDialogDescription>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <PasswordField
            label="Your Password"
            error={form.formState.errors.password?.message}
            autoComplete="current-password"
            {...form.register('password')}
          />
          {form.formState.errors.root && (
            <p role="alert" className="text-sm text-red-700">
              {form.formState.errors.root.message}
            </p>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Keep My Account</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              Delete Forever
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
