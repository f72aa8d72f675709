import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

export const credentialTime = new Intl.DateTimeFormat('en', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** "Last used …", or that it never was. */
export function lastUsedLine(lastUsedAt: string | null): string {
  return lastUsedAt ? `Last used ${credentialTime.format(new Date(lastUsedAt))}` : 'Never used yet';
}

type CredentialRowProps = {
  name: string;
  icon?: ReactNode;
  /** Lines under the name: what it may do, when it was made or used. */
  details: string[];
  /** The button that ends it, e.g. "Revoke", named for screen readers as `actionName`. */
  actionLabel: string;
  actionName: string;
  pending: boolean;
  onAction: () => void;
};

/** One passkey or access token in account settings: its name, lines about it, and its end. */
export function CredentialRow({
  name,
  icon,
  details,
  actionLabel,
  actionName,
  pending,
  onAction,
}: CredentialRowProps) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-gray-200 px-3 py-2">
      <div className="min-w-0 text-sm">
        <p className="wrap-anywhere font-medium text-gray-900">
          {icon}
          {name}
        </p>
        {details.map((line) => (
          <p key={line} className="text-gray-600">
            {line}
          </p>
        ))}
      </div>
      <Button
        type="button"
        size="sm"
        variant="outline"
        aria-label={actionName}
        disabled={pending}
        onClick={onAction}
      >
        {actionLabel}
      </Button>
    </li>
  );
}
