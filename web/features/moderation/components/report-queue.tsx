import { InboxIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ModerationActionKind } from '../../../../schema/moderation-values';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { countOf } from '../../../lib/plural';
import { type QueuedBoard, useActOnReport, useReportQueue } from '../api/moderation';
import { moderationActionLabels, reportReasonLabels } from './moderation-labels';

/** The open reports, one card per board, the board with the newest report first. */
export function ReportQueue() {
  const queue = useReportQueue();
  if (queue.isPending) return <Spinner label="Loading reports" />;
  if (queue.isError) {
    return <p role="alert">{errorMessage(queue.error, 'The reports could not be loaded.')}</p>;
  }
  if (queue.data.boards.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-gray-300 p-10 text-center">
        <InboxIcon aria-hidden className="mx-auto size-8 text-gray-500" />
        <p className="mt-2 font-medium text-gray-900">No open reports</p>
      </div>
    );
  }
  return (
    <ul className="space-y-6">
      {queue.data.boards.map((entry) => (
        <li key={entry.board.id}>
          <QueuedBoardCard entry={entry} />
        </li>
      ))}
    </ul>
  );
}

function accountAge(createdAt: string) {
  const days = Math.floor((Date.now() - Date.parse(createdAt)) / 86_400_000);
  return `account ${countOf(days, { one: 'day', other: 'days' })} old`;
}

function QueuedBoardCard({ entry }: { entry: QueuedBoard }) {
  const { board, reports } = entry;
  return (
    <article
      aria-label={`Reports of @${board.username}`}
      className="space-y-4 rounded-xl border border-gray-200 bg-white p-5"
    >
      <header>
        <h2 className="text-lg font-semibold text-gray-900">
          <Link to={`/@${board.username}`} className="hover:underline">
            {board.displayName} (@{board.username})
          </Link>
        </h2>
        <p className="text-sm text-gray-600">
          {accountAge(board.accountCreatedAt)} ·{' '}
          {countOf(entry.earlierReports, { one: 'earlier report', other: 'earlier reports' })}
          {board.suspended && ' · suspended'}
          {board.keptOffDiscover && ' · kept off Discover'}
        </p>
      </header>
      <ul className="space-y-3">
        {reports.map((report) => (
          <li key={report.id} className="rounded-lg bg-gray-50 p-3 text-sm text-gray-800">
            <p className="font-medium">
              {report.appealOf
                ? `The owner appeals: ${moderationActionLabels[report.appealOf.action]} (${report.appealOf.note})`
                : reportReasonLabels[report.reason]}
              {report.fromServer && ` (from ${report.fromServer})`}
            </p>
            {report.comment && <p>“{report.comment}”</p>}
            {report.snapshot.block && (
              <p>
                Block as reported:{' '}
                <span className="font-medium">{report.snapshot.block.title}</span>
                {report.snapshot.block.externalUrl && ` · ${report.snapshot.block.externalUrl}`}
              </p>
            )}
          </li>
        ))}
      </ul>
      {entry.actions.length > 0 && (
        <ul className="text-sm text-gray-600">
          {entry.actions.map((action) => (
            <li key={action.id}>
              {moderationActionLabels[action.action]}: {action.note}
            </li>
          ))}
        </ul>
      )}
      <ActionForm entry={entry} />
    </article>
  );
}

function ActionForm({ entry }: { entry: QueuedBoard }) {
  const act = useActOnReport();
  const [note, setNote] = useState('');
  const noteId = useId();
  const newest = entry.reports[0];
  const reportedBlock = entry.reports.find((report) => report.blockId !== null);
  const actions: ModerationActionKind[] = [
    'dismiss',
    ...(reportedBlock ? (['hide-block'] as const) : []),
    ...(entry.board.keptOffDiscover ? [] : (['keep-off-discover'] as const)),
    entry.board.suspended ? 'unsuspend' : 'suspend',
  ];
  const take = (action: ModerationActionKind) => () => {
    const report = action === 'hide-block' ? reportedBlock : newest;
    if (report) act.mutate({ reportId: report.id, action: { action, note } });
  };
  return (
    <form className="space-y-2" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={noteId} className="text-sm font-medium text-gray-900">
        Note (the owner is told it)
      </label>
      <Textarea id={noteId} value={note} onChange={(event) => setNote(event.target.value)} />
      {act.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(act.error, 'The action could not be taken. Please try again.')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => (
          <Button
            key={action}
            type="button"
            variant={action === 'suspend' ? 'destructive' : 'outline'}
            disabled={!note.trim() || act.isPending}
            onClick={take(action)}
          >
            {moderationActionLabels[action]}
          </Button>
        ))}
      </div>
    </form>
  );
}
