import { InboxIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ReportActionKind } from '../../../../schema/moderation-values';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { countOf } from '../../../lib/plural';
import {
  type QueuedBoard,
  useActOnReport,
  useActOnReports,
  useReportQueue,
} from '../api/moderation';
import { moderationActionLabels, reportReasonLabels } from './moderation-labels';

/**
 * The open reports, one card per board, the board with the newest report first. Boards can be
 * chosen, and one action taken on all of them from the bar above.
 */
export function ReportQueue() {
  const queue = useReportQueue();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  if (queue.isPending) return <Spinner label="Loading reports" />;
  if (queue.isError) {
    return <p role="alert">{errorMessage(queue.error, 'The reports could not be loaded.')}</p>;
  }
  const { boards } = queue.data;
  if (boards.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-gray-300 p-10 text-center">
        <InboxIcon aria-hidden className="mx-auto size-8 text-gray-500" />
        <p className="mt-2 font-medium text-gray-900">No open reports</p>
      </div>
    );
  }
  const chosenBoards = boards.filter((entry) => chosen.has(entry.board.id));
  const choose = (boardId: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(boardId);
    else next.delete(boardId);
    setChosen(next);
  };
  return (
    <div className="space-y-6">
      <BulkActionBar
        boards={boards}
        chosen={chosenBoards}
        onChooseAll={(on) => setChosen(new Set(on ? boards.map((entry) => entry.board.id) : []))}
        onDone={() => setChosen(new Set())}
      />
      <ul className="space-y-6">
        {boards.map((entry) => (
          <li key={entry.board.id}>
            <QueuedBoardCard
              entry={entry}
              chosen={chosen.has(entry.board.id)}
              onChoose={(on) => choose(entry.board.id, on)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

const bulkActions: ReportActionKind[] = ['dismiss', 'hide-block', 'keep-off-discover', 'suspend'];

/** One action, with one note, on every chosen board: one request, all of them or none. */
function BulkActionBar({
  boards,
  chosen,
  onChooseAll,
  onDone,
}: {
  boards: QueuedBoard[];
  chosen: QueuedBoard[];
  onChooseAll: (on: boolean) => void;
  onDone: () => void;
}) {
  const act = useActOnReports();
  const [note, setNote] = useState('');
  const take = (action: ReportActionKind) => () => {
    const reportIds = chosen.flatMap((entry) => entry.reports.map((report) => report.id));
    act.mutate(
      { action, note, reportIds },
      {
        onSuccess: () => {
          setNote('');
          onDone();
        },
      },
    );
  };
  return (
    <section
      aria-label="Act on the chosen boards"
      className="sticky top-0 z-10 space-y-2 rounded-xl border border-gray-200 bg-white p-4"
    >
      <label className="flex items-center gap-2 text-sm font-medium text-gray-900">
        <input
          type="checkbox"
          checked={chosen.length === boards.length}
          onChange={(event) => onChooseAll(event.target.checked)}
        />
        Choose all {countOf(boards.length, { one: 'board', other: 'boards' })}
      </label>
      {chosen.length > 0 && (
        <NotedActions
          noteLabel={`Note for the ${countOf(chosen.length, { one: 'chosen board', other: 'chosen boards' })} (each owner is told it)`}
          note={note}
          onNote={setNote}
          actions={bulkActions}
          count={chosen.length}
          error={act.isError ? act.error : null}
          pending={act.isPending}
          onTake={take}
        />
      )}
    </section>
  );
}

function accountAge(createdAt: string) {
  const days = Math.floor((Date.now() - Date.parse(createdAt)) / 86_400_000);
  return `account ${countOf(days, { one: 'day', other: 'days' })} old`;
}

function QueuedBoardCard({
  entry,
  chosen,
  onChoose,
}: {
  entry: QueuedBoard;
  chosen: boolean;
  onChoose: (on: boolean) => void;
}) {
  const { board, reports } = entry;
  return (
    <article
      aria-label={`Reports of @${board.username}`}
      className="space-y-4 rounded-xl border border-gray-200 bg-white p-5"
    >
      <header>
        <label className="flex items-center gap-2 text-sm text-gray-700">
          <input
            type="checkbox"
            checked={chosen}
            onChange={(event) => onChoose(event.target.checked)}
          />
          Choose @{board.username}
        </label>
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
            <ReportedImage report={report} />
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
  const newest = entry.reports[0];
  const reportedBlock = entry.reports.find((report) => report.blockId !== null);
  const actions: ReportActionKind[] = [
    'dismiss',
    ...(reportedBlock ? (['hide-block'] as const) : []),
    ...(entry.board.keptOffDiscover ? [] : (['keep-off-discover'] as const)),
    entry.board.suspended ? 'unsuspend' : 'suspend',
  ];
  const take = (action: ReportActionKind) => () => {
    const report = action === 'hide-block' ? reportedBlock : newest;
    if (report) act.mutate({ reportId: report.id, action: { action, note } });
  };
  return (
    <NotedActions
      noteLabel="Note (the owner is told it)"
      note={note}
      onNote={setNote}
      actions={actions}
      error={act.isError ? act.error : null}
      pending={act.isPending}
      onTake={take}
    />
  );
}

/**
 * A required note and one button per action; a button waits for the note. `count` (the boards a
 * bulk action takes) follows each button's name.
 */
function NotedActions({
  noteLabel,
  note,
  onNote,
  actions,
  count,
  error,
  pending,
  onTake,
}: {
  noteLabel: string;
  note: string;
  onNote: (note: string) => void;
  actions: ReportActionKind[];
  count?: number;
  error: Error | null;
  pending: boolean;
  onTake: (action: ReportActionKind) => () => void;
}) {
  const noteId = useId();
  return (
    <form className="space-y-2" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={noteId} className="text-sm font-medium text-gray-900">
        {noteLabel}
      </label>
      <Textarea id={noteId} value={note} onChange={(event) => onNote(event.target.value)} />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(error, 'The action could not be taken. Please try again.')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => (
          <Button
            key={action}
            type="button"
            variant={action === 'suspend' ? 'destructive' : 'outline'}
            disabled={!note.trim() || pending}
            onClick={onTake(action)}
          >
            {moderationActionLabels[action]}
            {count === undefined ? '' : `: ${count}`}
          </Button>
        ))}
      </div>
    </form>
  );
}

/** The image the report kept as it was: the block's, or the board's avatar for a board's report. */
function ReportedImage({ report }: { report: QueuedBoard['reports'][number] }) {
  const { block, board } = report.snapshot;
  const url = block ? block.imageUrl : board.avatar;
  if (!url) return null;
  return (
    <img
      src={url}
      alt={block ? 'Block image as reported' : 'Avatar as reported'}
      className="mt-2 h-24 w-auto rounded border border-gray-200 object-contain"
      loading="lazy"
    />
  );
}
