import { useId, useState } from 'react';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useAskForUpdates, useStopUpdates } from '../api/email-updates';

/**
 * "Send me updates": on only once the address confirms it, so turning it on mails a link and the
 * switch stays off until that link is opened.
 */
export function EmailUpdatesSwitch({ optedIn, email }: { optedIn: boolean; email: string }) {
  const ask = useAskForUpdates();
  const stop = useStopUpdates();
  const [linkSent, setLinkSent] = useState(false);
  const id = useId();

  const change = (wanted: boolean) => {
    if (!wanted) {
      stop.mutate(undefined, {
        onSuccess: () => {
          setLinkSent(false);
          toast({ title: 'Updates stopped' });
        },
        onError: (error) =>
          toast({
            title: errorMessage(error, 'Failed to stop updates. Please try again.'),
            variant: 'destructive',
          }),
      });
      return;
    }
    ask.mutate(undefined, {
      onSuccess: ({ message }) => {
        setLinkSent(true);
        toast({ title: 'Check your inbox', description: message });
      },
      onError: (error) =>
        toast({
          title: errorMessage(error, 'Failed to send the confirmation link. Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  const hint = optedIn
    ? `Updates go to ${email}.`
    : linkSent
      ? `Open the link we sent to ${email} to confirm.`
      : 'We email you only after you confirm.';

  return (
    <div className="flex items-center justify-between gap-3">
      <div>
        <Label htmlFor={id}>Send me updates about new features and tips</Label>
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      </div>
      <Switch
        id={id}
        checked={optedIn}
        disabled={ask.isPending || stop.isPending}
        aria-describedby={`${id}-hint`}
        onCheckedChange={change}
      />
    </div>
  );
}
