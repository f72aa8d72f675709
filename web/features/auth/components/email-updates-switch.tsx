import { useId, useState } from 'react';
import { Label } from '../../../components/ui/label';
import type { ReportResult } from '../../../components/ui/result-notice';
import { Switch } from '../../../components/ui/switch';
import { errorMessage } from '../../../lib/api-client';
import { useAskForUpdates, useStopUpdates } from '../api/email-updates';

/**
 * "Send me updates": on only once the address confirms it, so turning it on mails a link and the
 * switch stays off until that link is opened.
 */
type EmailUpdatesSwitchProps = {
  optedIn: boolean;
  email: string;
  /** Says how it went, where the dialog shows it. */
  onResult: ReportResult;
};

export function EmailUpdatesSwitch({ optedIn, email, onResult }: EmailUpdatesSwitchProps) {
  const ask = useAskForUpdates();
  const stop = useStopUpdates();
  const [linkSent, setLinkSent] = useState(false);
  const id = useId();

  const change = (wanted: boolean) => {
    if (!wanted) {
      stop.mutate(undefined, {
        onSuccess: () => {
          setLinkSent(false);
          onResult('Updates stopped.');
        },
        onError: (error) =>
          onResult(errorMessage(error, 'Failed to stop updates. Please try again.'), true),
      });
      return;
    }
    ask.mutate(undefined, {
      onSuccess: ({ message }) => {
        setLinkSent(true);
        onResult(message);
      },
      onError: (error) =>
        onResult(
          errorMessage(error, 'Failed to send the confirmation link. Please try again.'),
          true,
        ),
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
