import { CopyIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { type DuplicatePair, useDuplicateBlocks, useMergeBlocks } from '../api/duplicate-blocks';

const statusLabels = { now: 'Now', planned: 'Planned', done: 'Done' } as const;

function PairRow({ pair }: { pair: DuplicatePair }) {
  const merge = useMergeBlocks();
  const { kept, from } = pair;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span className="min-w-0">
        <span className="font-medium">“{kept.title}”</span> ({statusLabels[kept.status]}) and{' '}
        <span className="font-medium">“{from.title}”</span> ({statusLabels[from.status]})
        {merge.isError && (
          <span role="alert" className="block text-red-800">
            {errorMessage(merge.error, 'The blocks could not be merged. Please try again.')}
          </span>
        )}
      </span>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={merge.isPending}
        aria-label={`Merge “${from.title}” into “${kept.title}”`}
        onClick={() => merge.mutate({ into: kept.id, from: from.id })}
      >
        {merge.isPending ? 'Merging…' : 'Merge'}
      </Button>
    </li>
  );
}

/**
 * Blocks of one work the board holds twice (made before every writer looked works up): the
 * dashboard offers to merge each pair into the older block, which keeps both stories and counts.
 */
export function DuplicatesNotice() {
  const duplicates = useDuplicateBlocks();
  const pairs = duplicates.data?.pairs ?? [];
  if (pairs.length === 0) return null;
  return (
    <section
      aria-labelledby="duplicates-heading"
      className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <CopyIcon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <h2 id="duplicates-heading" className="font-medium">
          The same work is on your board twice
        </h2>
        <p>Merge each pair into one block: it keeps both stories, clicks and copies.</p>
        <ul className="divide-y divide-amber-200">
          {pairs.map((pair) => (
            <PairRow key={`${pair.kept.id}-${pair.from.id}`} pair={pair} />
          ))}
        </ul>
      </div>
    </section>
  );
}
