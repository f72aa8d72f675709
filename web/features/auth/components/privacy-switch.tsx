import { useId } from 'react';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import { useUpdateProfile } from '../api/update-profile';

/** Public boards appear on discover and at their link; private ones only to their owner. */
export function PrivacySwitch({ isPublic }: { isPublic: boolean }) {
  const update = useUpdateProfile();
  const id = useId();

  const change = (nextIsPublic: boolean) =>
    update.mutate(
      { isPublic: nextIsPublic },
      {
        onSuccess: ({ user }) =>
          toast({
            title: user.isPublic ? 'Your board is now public' : 'Your board is now private',
          }),
        onError: () =>
          toast({ title: 'Failed to update privacy. Please try again.', variant: 'destructive' }),
      },
    );

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-2">
      <h2 id={`${id}-heading`} className="text-sm font-semibold text-gray-900">
        Privacy
      </h2>
      <div className="flex items-center justify-between gap-3">
        <div>
          <Label htmlFor={id}>Public board</Label>
          <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
            {isPublic ? 'Anyone with the link can see your board' : 'Only you can see your board'}
          </p>
        </div>
        <Switch
          id={id}
          checked={isPublic}
          disabled={update.isPending}
          aria-describedby={`${id}-hint`}
          onCheckedChange={change}
        />
      </div>
    </section>
  );
}
