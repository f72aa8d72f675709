import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FediverseHandleField } from '../../../components/fediverse-handle-field';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/use-toast';
import { ApiRequestError } from '../../../lib/api-client';
import type { CurrentUser } from '../../../lib/current-user';
import { useUpdateProfile } from '../api/update-profile';
import { profileForm } from '../profile-form-schema';
import { AccountSettings } from './account-settings';
import { AvatarPicker } from './avatar-picker';

type ProfileValues = z.input<typeof profileForm>;

function profileValues(user: CurrentUser): ProfileValues {
  return {
    displayName: user.displayName,
    tagline: user.tagline ?? '',
    bio: user.bio ?? '',
    avatar: user.avatar ?? '',
  };
}

type ProfileSettingsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: CurrentUser;
  /** How many blocks the board holds: deleting the account says what will be lost. */
  blockCount: number | undefined;
};

export function ProfileSettingsDialog({
  open,
  onOpenChange,
  user,
  blockCount,
}: ProfileSettingsDialogProps) {
  const update = useUpdateProfile();
  const form = useForm<ProfileValues, unknown, z.output<typeof profileForm>>({
    resolver: zodResolver(profileForm),
    defaultValues: profileValues(user),
  });
  const { errors } = form.formState;

  // Each opening starts from the saved profile, not from an abandoned edit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an opening resets the form.
  useEffect(() => {
    if (open) form.reset(profileValues(user));
  }, [open]);

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Profile updated' });
        onOpenChange(false);
      },
      onError: (error) => {
        toast({ title: 'Failed to update profile. Please try again.', variant: 'destructive' });
        if (!(error instanceof ApiRequestError)) return;
        for (const [name, message] of Object.entries(error.fields)) {
          if (name in form.getValues()) form.setError(name as Path<ProfileValues>, { message });
        }
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Profile Settings</DialogTitle>
          <DialogDescription>
            How you appear on your board and on Discover, and your account.
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="profile">
          <TabsList layout="grid" className="mb-4 w-full grid-cols-2">
            <TabsTrigger value="profile">Profile</TabsTrigger>
            <TabsTrigger value="account">Account</TabsTrigger>
          </TabsList>
          <TabsContent value="account">
            <AccountSettings user={user} blockCount={blockCount} />
          </TabsContent>
          <TabsContent value="profile">
            <form onSubmit={onSubmit} noValidate className="space-y-4">
              <Controller
                control={form.control}
                name="avatar"
                render={({ field }) => (
                  <AvatarPicker
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    username={user.username}
                    displayName={form.watch('displayName')}
                  />
                )}
              />
              {errors.avatar && (
                <p role="alert" className="text-sm text-red-700">
                  {errors.avatar.message}
                </p>
              )}
              <FormField label="Display Name" error={errors.displayName?.message}>
                {(control) => (
                  <Input
                    {...control}
                    autoComplete="name"
                    required
                    {...form.register('displayName')}
                  />
                )}
              </FormField>
              <FormField label="Tagline" error={errors.tagline?.message}>
                {(control) => <Input {...control} {...form.register('tagline')} />}
              </FormField>
              <FormField label="Bio" error={errors.bio?.message}>
                {(control) => <Textarea {...control} rows={3} {...form.register('bio')} />}
              </FormField>
              <FediverseHandleField username={user.username} isPrivate={!user.isPublic} />
              <DialogFooter>
                <DialogClose asChild>
                  <Button type="button" variant="outline">
                    Cancel
                  </Button>
                </DialogClose>
                <Button type="submit" disabled={update.isPending}>
                  {update.isPending && <Loader2Icon aria-hidden className="animate-spin" />}
                  Save
                </Button>
              </DialogFooter>
            </form>
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
