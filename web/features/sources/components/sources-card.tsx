import { RssIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { type ResultNotice, ResultNoticeLine } from '../../../components/ui/result-notice';
import { errorMessage } from '../../../lib/api-client';
import { countOf } from '../../../lib/plural';
import {
  type Source,
  useCheckSource,
  usePauseSource,
  useRemoveSource,
  useSources,
} from '../api/sources';
import { kindLabels } from './labels';

const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

const stateLooks: Record<Source['state'], { label: string; className: string }> = {
  ok: { label: 'OK', className: 'border-emerald-200 bg-emerald-50 text-emerald-800' },
  failing: { label: 'Failing', className: 'border-red-200 bg-red-50 text-red-800' },
  paused: { label: 'Paused', className: 'border-gray-300 bg-gray-100 text-gray-700' },
};

function checkedMessage({
  made,
  moved,
  unchanged,
}: {
  made: number;
  moved: number;
  unchanged: boolean;
}) {
  if (unchanged || made + moved === 0) return 'Checked: nothing new.';
  const parts = [
    made > 0 && `${countOf(made, { one: 'block', other: 'blocks' })} made`,
    moved > 0 && `${countOf(moved, { one: 'block', other: 'blocks' })} moved`,
  ].filter(Boolean);
  return `Checked: ${parts.join(', ')}.`;
}

function SourceRow({
  source,
  onResult,
}: {
  source: Source;
  onResult: (notice: ResultNotice) => void;
}) {
  const check = useCheckSource();
  const pause = usePauseSource();
  const remove = useRemoveSource();
  const look = stateLooks[source.state];
  const failed = (fallback: string) => (error: unknown) =>
    onResult({ message: errorMessage(error, fallback), failed: true });
  const paused = source.state === 'paused';

  return (
    <li className="space-y-1.5 py-2 text-sm">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="wrap-anywhere font-medium text-gray-900">{source.title}</p>
          <p className="text-xs text-gray-600">{kindLabels[source.kind]}</p>
        </div>
        <Badge className={look.className}>{look.label}</Badge>
      </div>
      {source.lastError && source.state !== 'ok' && (
        <p className="text-xs text-red-800">{source.lastError}</p>
      )}
      <p className="text-xs text-gray-600">
        {source.lastCheckedAt
          ? `Last checked ${when.format(new Date(source.lastCheckedAt))}`
          : 'Not checked yet'}{' '}
        · {countOf(source.blocksMade, { one: 'block', other: 'blocks' })} made
      </p>
      <div className="flex flex-wrap gap-1.5">
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={check.isPending || paused}
          onClick={() =>
            check.mutate(source.id, {
              onSuccess: (checked) => onResult({ message: checkedMessage(checked), failed: false }),
              onError: failed('The check failed. Please try again.'),
            })
          }
        >
          {check.isPending ? 'Checking…' : 'Check now'}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={pause.isPending}
          onClick={() =>
            pause.mutate(
              { id: source.id, paused: !paused },
              { onError: failed('The source was not changed. Please try again.') },
            )
          }
        >
          {paused ? 'Resume' : 'Pause'}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(source.id, {
              onSuccess: () =>
                onResult({
                  message: `${source.title} removed. Its blocks stay on your board.`,
                  failed: false,
                }),
              onError: failed('The source was not removed. Please try again.'),
            })
          }
        >
          Remove
        </Button>
      </div>
    </li>
  );
}

/** The board's sources on the dashboard: their state, last check and blocks, and "Add a source". */
export function SourcesCard({ onAdd }: { onAdd: () => void }) {
  const sources = useSources();
  const [notice, setNotice] = useState<ResultNotice | null>(null);
  const list = sources.data?.sources ?? [];

  return (
    <section aria-labelledby="sources-heading" className="space-y-2">
      <h2 id="sources-heading" className="text-sm font-semibold text-gray-900">
        Sources
      </h2>
      {sources.isSuccess && list.length === 0 && (
        <p className="text-sm text-gray-600">
          Connect Letterboxd, Goodreads, a blog or any feed, and your board keeps itself current.
        </p>
      )}
      {sources.isError && (
        <p role="alert" className="text-sm text-red-700">
          Failed to load your sources.
        </p>
      )}
      <ResultNoticeLine notice={notice} />
      {list.length > 0 && (
        <ul aria-label="Your sources" className="divide-y divide-gray-100">
          {list.map((source) => (
            <SourceRow key={source.id} source={source} onResult={setNotice} />
          ))}
        </ul>
      )}
      <Button variant="outline" onClick={onAdd} align="start" className="w-full">
        <RssIcon aria-hidden />
        Add a source
      </Button>
    </section>
  );
}
