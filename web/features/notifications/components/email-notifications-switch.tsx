import { useId } from 'react';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import {
  useNotificationSettings,
  useUpdateNotificationSettings,
} from '../api/notification-settings';

/** Off until the person turns it on: then one email tells them of news they have not read. */
export function EmailNotificationsSwitch() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const id = useId();
  const hintId = useId();
  const byEmail = update.isPending ? update.variables : (settings.data?.byEmail ?? false);
  return (
    <div className="flex items-start gap-3 rounded-xl border border-gray-200 bg-white p-4">
      <Switch
        id={id}
        aria-describedby={hintId}
        checked={byEmail}
        disabled={settings.isPending}
        onCheckedChange={(checked) =>
          update.mutate(checked, {
            onError: () =>
              toast({
                title: 'Error',
                description: 'Failed to save your email choice. Please try again.',
                variant: 'destructive',
              }),
          })
        }
      />
      <div>
        <Label htmlFor={id}>Also tell me by email</Label>
        <p id={hintId} className="text-sm text-gray-600">
          One email when there is news, and none again until you have looked here.
        </p>
      </div>
    </div>
  );
}
