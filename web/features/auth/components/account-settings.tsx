import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { type ResultNotice, ResultNoticeLine } from '../../../components/ui/result-notice';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useLeaveAndSignOut } from '../../../lib/auth';
import type { CurrentUser } from '../../../lib/current-user';
import { type ExportFormat, useExportAccount } from '../api/export-account';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';
import { AccessTokensSection } from './access-tokens-section';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountDialog } from './delete-account-dialog';
import { EmailUpdatesSwitch } from './email-updates-switch';
import { PasskeysSection } from './passkeys-section';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="space-y-2 border-t border-gray-200 pt-4 first:border-0 first:pt-0"
    >
      <h3 id={id} className="text-sm font-semibold text-gray-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

const downloads: [ExportFormat, string][] = [
  ['json', 'Download My Data'],
  ['archive', 'Download Everything as ZIP'],
  ['csv', 'Download Blocks as CSV'],
  ['letterboxd', 'Films for Letterboxd'],
  ['letterboxd-watchlist', 'Watchlist for Letterboxd'],
  ['goodreads', 'Books for Goodreads'],
];

type AccountSettingsProps = { user: CurrentUser; blockCount: number | undefined };

/** Email, updates, password, data and devices, and ending the account. */
export function AccountSettings({ user, blockCount }: AccountSettingsProps) {
  const [editing, setEditing] = useState<'email' | 'password' | null>(null);
  // A toast would sit behind this modal dialog, hidden from screen readers: results show here.
  const [notice, setNotice] = useState<ResultNotice | null>(null);
  const report = (message: string, failed = false) => setNotice({ message, failed });
  const download = useExportAccount();
  const signOutEverywhere = useSignOutEverywhere();
  const leaveAndSignOut = useLeaveAndSignOut();

  const failed = (fallback: string) => (error: unknown) =>
    report(errorMessage(error, fallback), true);

  return (
    <div className="space-y-4">
      <ResultNoticeLine notice={notice} />
      <Section title="Email">
        {editing === 'email' ? (
          <ChangeEmailForm onDone={() => setEditing(null)} onResult={report} />
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-gray-700">{user.email}</p>
            <Button type="button" size="sm" variant="outline" onClick={() => setEditing('email')}>
              Change Email
            </Button>
          </div>
        )}
        <EmailUpdatesSwitch optedIn={user.emailOptIn} email={user.email} onResult={report} />
      </Section>
      <Section title="Password">
        {editing === 'password' ? (
          <ChangePasswordForm onDone={() => setEditing(null)} onResult={report} />
        ) : (
          <Button type="button" size="sm" variant="outline" onClick={() => setEditing('password')}>
            Change Password
          </Button>
        )}
      </Section>
      <Section title="Passkeys">
        <PasskeysSection onResult={report} />
      </Section>
      <Section title="Personal access tokens">
        <AccessTokensSection onResult={report} />
      </Section>
      <Section title="Your data">
        <p className="text-sm text-gray-600">
          Your profile, board, blocks, goals, sources, stats and feedback, as one file (or as a ZIP
          with every image); your blocks as a spreadsheet (CSV); or your films and books as the
          files Letterboxd, Goodreads and StoryGraph import.
        </p>
        <div className="flex flex-wrap gap-2">
          {downloads.map(([format, label]) => (
            <Button
              key={format}
              type="button"
              size="sm"
              variant="outline"
              disabled={download.isPending}
              onClick={() =>
                download.mutate(format, {
                  onError: failed('Failed to download your data. Please try again.'),
                })
              }
            >
              {label}
            </Button>
          ))}
        </div>
      </Section>
      <Section title="Devices">
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={signOutEverywhere.isPending}
          onClick={() =>
            signOutEverywhere.mutate(undefined, {
              onSuccess: ({ message }) => {
                leaveAndSignOut({ sessionEnded: true });
                toast({ title: message });
              },
              onError: failed('Failed to sign out of all devices. Please try again.'),
            })
          }
        >
          Sign out of all devices
        </Button>
      </Section>
      <Section title="Delete account">
        <DeleteAccountDialog username={user.username} blockCount={blockCount} />
      </Section>
    </div>
  );
}
