import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAuditLog } from '../api/moderation';
import { moderationActionLabels } from './moderation-labels';

/** Who did what to which board, when and why. */
export function AuditLog() {
  const audit = useAuditLog();
  if (audit.isPending) return <Spinner label="Loading the audit log" />;
  if (audit.isError) {
    return <p role="alert">{errorMessage(audit.error, 'The audit log could not be loaded.')}</p>;
  }
  if (audit.data.actions.length === 0) return <p className="text-gray-600">No actions yet.</p>;
  return (
    <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
      {audit.data.actions.map((entry) => (
        <li key={entry.id} className="p-4 text-sm text-gray-800">
          <p>
            <span className="font-medium">{moderationActionLabels[entry.action]}</span>{' '}
            <Link to={`/@${entry.board}`} className="hover:underline">
              @{entry.board}
            </Link>{' '}
            by {entry.moderator ? `@${entry.moderator}` : 'a former moderator'},{' '}
            <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString()}</time>
          </p>
          <p className="text-gray-600">Why: {entry.note}</p>
        </li>
      ))}
    </ul>
  );
}
