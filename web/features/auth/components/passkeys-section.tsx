import { KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import type { ReportResult } from '../../../components/ui/result-notice';
import { errorMessage } from '../../../lib/api-client';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';
import { CredentialRow, lastUsedLine } from './credential-row';

type PasskeysSectionProps = {
  /** Says how it went, where the dialog shows it. */
  onResult: ReportResult;
};

/** The account's passkeys: each with its name and last use, one more to add, any to remove. */
export function PasskeysSection({ onResult }: PasskeysSectionProps) {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('My passkey');

  return (
    <div className="space-y-3">
      {passkeys.isError && (
        <p role="alert" className="text-sm text-red-700">
          Failed to load your passkeys.
        </p>
      )}
      {passkeys.data && passkeys.data.passkeys.length === 0 && (
        <p className="text-sm text-gray-600">
          Sign in with your fingerprint, face or screen lock instead of your password.
        </p>
      )}
      {passkeys.data && passkeys.data.passkeys.length > 0 && (
        <ul aria-label="Your passkeys" className="space-y-2">
          {passkeys.data.passkeys.map((passkey) => (
            <CredentialRow
              key={passkey.id}
              name={passkey.name}
              icon={<KeyRoundIcon aria-hidden className="mr-1.5 inline size-4" />}
              details={[lastUsedLine(passkey.lastUsedAt)]}
              actionLabel="Remove"
              actionName={`Remove passkey ${passkey.name}`}
              pending={remove.isPending}
              onAction={() =>
                remove.mutate(passkey.id, {
                  onSuccess: ({ message }) => onResult(message),
                  onError: (error) =>
                    onResult(errorMessage(error, 'Failed to remove the passkey.'), true),
                })
              }
            />
          ))}
        </ul>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(name, {
            onSuccess: ({ passkey }) => {
              setName('');
              onResult(`Passkey "${passkey.name}" added.`);
            },
            onError: (error) =>
              onResult(errorMessage(error, 'The passkey was not added. Please try again.'), true),
          });
        }}
      >
        <div className="min-w-40 flex-1">
          <FormField label="Passkey name">
            {(control) => (
              <Input
                {...control}
                value={name}
                maxLength={50}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </FormField>
        </div>
        <Button type="submit" size="sm" disabled={add.isPending || !name.trim()}>
          Add a passkey
        </Button>
      </form>
    </div>
  );
}
