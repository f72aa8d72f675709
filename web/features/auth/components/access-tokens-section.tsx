import { useId, useState } from 'react';
import { type TokenScope, tokenScopes } from '../../../../schema/access-tokens';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import type { ReportResult } from '../../../components/ui/result-notice';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useAccessTokens, useCreateAccessToken, useRevokeAccessToken } from '../api/access-tokens';
import { CredentialRow, credentialTime, lastUsedLine } from './credential-row';

const scopeLabels: Record<TokenScope, string> = {
  read: 'read: see your board and blocks, hidden ones too',
  'blocks:write': 'blocks:write: add, change, move and delete your blocks',
};

type AccessTokensSectionProps = {
  /** Says how it went, where the dialog shows it. */
  onResult: ReportResult;
};

/** The token just made: shown here once, never again. */
function NewTokenNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  return (
    <div className="space-y-2 rounded-md border border-emerald-300 bg-emerald-50 p-3">
      <label htmlFor={id} className="block text-sm font-medium text-emerald-900">
        Copy your new token now. You won't be able to see it again.
      </label>
      <Input id={id} readOnly value={secret} className="font-mono text-xs" />
      <div className="flex gap-2">
        <Button
          type="button"
          size="sm"
          onClick={() =>
            navigator.clipboard.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied!' : 'Copy Token'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

/**
 * Personal access tokens for scripts: each with its name, scopes, creation and last use, one more
 * to create (its token shown once), any to revoke.
 */
export function AccessTokensSection({ onResult }: AccessTokensSectionProps) {
  const tokens = useAccessTokens();
  const create = useCreateAccessToken();
  const revoke = useRevokeAccessToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['read', 'blocks:write']);
  const [secret, setSecret] = useState<string | null>(null);
  const fields = create.error instanceof ApiRequestError ? create.error.fields : {};

  const toggle = (scope: TokenScope, on: boolean) =>
    setScopes((chosen) => tokenScopes.filter((s) => (s === scope ? on : chosen.includes(s))));

  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-600">
        Let a script, a Shortcut or a CI job update your blocks. A token works only on your blocks
        and board, never on your account.
      </p>
      {secret && <NewTokenNotice secret={secret} onDone={() => setSecret(null)} />}
      {tokens.isError && (
        <p role="alert" className="text-sm text-red-700">
          Failed to load your tokens.
        </p>
      )}
      {tokens.data && tokens.data.tokens.length > 0 && (
        <ul aria-label="Your tokens" className="space-y-2">
          {tokens.data.tokens.map((token) => (
            <CredentialRow
              key={token.id}
              name={token.name}
              details={[
                token.scopes.join(', '),
                `Created ${credentialTime.format(new Date(token.createdAt))} · ${lastUsedLine(token.lastUsedAt)}`,
              ]}
              actionLabel="Revoke"
              actionName={`Revoke token ${token.name}`}
              pending={revoke.isPending}
              onAction={() =>
                revoke.mutate(token.id, {
                  onSuccess: ({ message }) => onResult(message),
                  onError: (error) =>
                    onResult(errorMessage(error, 'Failed to revoke the token.'), true),
                })
              }
            />
          ))}
        </ul>
      )}
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(
            { name, scopes },
            {
              onSuccess: (created) => {
                setSecret(created.secret);
                setName('');
              },
              onError: (error) => {
                // A refusal that names a field is told at that field.
                if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0)
                  return;
                onResult(errorMessage(error, 'The token was not created. Please try again.'), true);
              },
            },
          );
        }}
      >
        <FormField label="Token name" error={fields.name}>
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={50}
              placeholder="iOS Shortcut"
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium text-gray-900">Scopes</legend>
          {tokenScopes.map((scope) => (
            <ScopeCheckbox
              key={scope}
              scope={scope}
              checked={scopes.includes(scope)}
              onChange={(on) => toggle(scope, on)}
            />
          ))}
          {fields.scopes && (
            <p role="alert" className="text-sm text-red-700">
              {fields.scopes}
            </p>
          )}
        </fieldset>
        <Button
          type="submit"
          size="sm"
          disabled={create.isPending || !name.trim() || scopes.length === 0}
        >
          Create Token
        </Button>
      </form>
    </div>
  );
}

function ScopeCheckbox({
  scope,
  checked,
  onChange,
}: {
  scope: TokenScope;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(state) => onChange(state === true)} />
      <label htmlFor={id} className="text-sm text-gray-700">
        {scopeLabels[scope]}
      </label>
    </div>
  );
}
