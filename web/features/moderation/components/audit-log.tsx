import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAuditLog, useReverseAction } from '../api/moderation';
import { domainBlockKindLabels, moderationActionLabels } from './moderation-labels';

type AuditLogData = NonNullable<ReturnType<typeof useAuditLog>['data']>;
type AuditEntry = AuditLogData['actions'][number];

/** Who did what to which board, when and why; an action that can be undone offers Reverse. */
export function AuditLog() {
  const audit = useAuditLog();
  if (audit.isPending) return <Spinner label="Loading the audit log" />;
  if (audit.isError) {
    return <p role="alert">{errorMessage(audit.error, 'The audit log could not be loaded.')}</p>;
  }
  return (
    <div className="space-y-10">
      <BoardActions actions={audit.data.actions} />
      <section aria-labelledby="domain-actions" className="space-y-3">
        <h2 id="domain-actions" className="text-xl font-bold text-gray-900">
          Domain blocks
        </h2>
        <DomainActions actions={audit.data.domainActions} />
      </section>
    </div>
  );
}

function BoardActions({ actions }: { actions: AuditEntry[] }) {
  if (actions.length === 0) return <p className="text-gray-600">No actions yet.</p>;
  return (
    <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
      {actions.map((entry) => (
        <li key={entry.id} className="space-y-1 p-4 text-sm text-gray-800">
          <p>
            <span className="text-gray-600">#{entry.id}</span>{' '}
            <span className="font-medium">{moderationActionLabels[entry.action]}</span>{' '}
            <Link to={`/@${entry.board}`} className="hover:underline">
              @{entry.board}
            </Link>{' '}
            by <ModeratorName moderator={entry.moderator} />, <When at={entry.createdAt} />
            {entry.reverses !== null && `, reversing #${entry.reverses}`}
          </p>
          <p className="text-gray-600">Why: {entry.note}</p>
          {entry.reversedBy !== null && (
            <p className="text-gray-600">Reversed by #{entry.reversedBy}</p>
          )}
          {entry.reversible && <ReverseForm entry={entry} />}
        </li>
      ))}
    </ul>
  );
}

/** Domain blocks added (with why) and lifted, kept after the block is gone. */
function DomainActions({ actions }: { actions: AuditLogData['domainActions'] }) {
  if (actions.length === 0) return <p className="text-gray-600">No domain blocks yet.</p>;
  return (
    <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
      {actions.map((entry) => (
        <li key={entry.id} className="space-y-1 p-4 text-sm text-gray-800">
          <p>
            <span className="font-medium">
              {entry.event === 'blocked' ? 'Blocked' : 'Lifted'}:{' '}
              {domainBlockKindLabels[entry.kind]}
            </span>{' '}
            {entry.host} by <ModeratorName moderator={entry.moderator} />,{' '}
            <When at={entry.createdAt} />
          </p>
          {entry.note !== null && <p className="text-gray-600">Why: {entry.note}</p>}
        </li>
      ))}
    </ul>
  );
}

const ModeratorName = ({ moderator }: { moderator: string | null }) =>
  moderator ? `@${moderator}` : 'a former moderator';

const When = ({ at }: { at: string }) => <time dateTime={at}>{new Date(at).toLocaleString()}</time>;

/** Reverse, then a note for the owner and Confirm: a reversal is told to them like the action. */
function ReverseForm({ entry }: { entry: AuditEntry }) {
  const reverse = useReverseAction();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const noteId = useId();
  if (!open) {
    return (
      <Button type="button" size="compact" variant="outline" onClick={() => setOpen(true)}>
        Reverse
      </Button>
    );
  }
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        reverse.mutate({ entryId: entry.id, note });
      }}
    >
      <label htmlFor={noteId} className="font-medium text-gray-900">
        Why reverse #{entry.id} (the owner is told it)
      </label>
      <Textarea id={noteId} value={note} onChange={(event) => setNote(event.target.value)} />
      {reverse.isError && (
        <p role="alert" className="text-red-700">
          {errorMessage(reverse.error, 'The action could not be reversed. Please try again.')}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="compact" disabled={!note.trim() || reverse.isPending}>
          Confirm reversal
        </Button>
        <Button type="button" size="compact" variant="outline" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
