import { useId, useState } from 'react';
import type { DomainBlockKind } from '../../../../schema/moderation-values';
import { Button } from '../../../components/ui/button';
import { Input, Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAddDomainBlock, useDomainBlocks, useLiftDomainBlock } from '../api/moderation';
import { domainBlockKindLabels } from './moderation-labels';

const kindWords: Record<DomainBlockKind, string> = {
  suspend: 'Its activities are refused, its follows removed, nothing is sent to it.',
  limit: "Its follows wait for the owner's approval; its replies and likes are not notified.",
  links: 'Visit Link warns first, and a link to it cannot be saved on a block.',
};

/** Blocks a domain (and its subdomains) with a note. */
function AddDomainBlock() {
  const add = useAddDomainBlock();
  const [host, setHost] = useState('');
  const [kind, setKind] = useState<DomainBlockKind>('suspend');
  const [note, setNote] = useState('');
  const ids = { host: useId(), kind: useId(), note: useId() };
  return (
    <form
      aria-label="Block a domain"
      className="space-y-3 rounded-xl border border-gray-200 bg-white p-5"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate(
          { host, kind, note },
          {
            onSuccess: () => {
              setHost('');
              setNote('');
            },
          },
        );
      }}
    >
      <div className="space-y-1">
        <label htmlFor={ids.host} className="text-sm font-medium text-gray-900">
          Domain (its subdomains are covered)
        </label>
        <Input id={ids.host} value={host} onChange={(event) => setHost(event.target.value)} />
      </div>
      <div className="space-y-1">
        <label htmlFor={ids.kind} className="text-sm font-medium text-gray-900">
          What to do
        </label>
        <select
          id={ids.kind}
          value={kind}
          onChange={(event) => setKind(event.target.value as DomainBlockKind)}
          className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm"
        >
          {Object.entries(domainBlockKindLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <p className="text-sm text-gray-600">{kindWords[kind]}</p>
      </div>
      <div className="space-y-1">
        <label htmlFor={ids.note} className="text-sm font-medium text-gray-900">
          Note (why)
        </label>
        <Textarea id={ids.note} value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      {add.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(add.error, 'The domain could not be blocked. Please try again.')}
        </p>
      )}
      <Button type="submit" disabled={!host.trim() || !note.trim() || add.isPending}>
        Block domain
      </Button>
    </form>
  );
}

/** The instance's domain blocks, newest first, each with Lift. */
export function DomainBlocks() {
  const blocks = useDomainBlocks();
  const lift = useLiftDomainBlock();
  return (
    <div className="space-y-6">
      <AddDomainBlock />
      {blocks.isPending && <Spinner label="Loading domain blocks" />}
      {blocks.isError && (
        <p role="alert">{errorMessage(blocks.error, 'The domain blocks could not be loaded.')}</p>
      )}
      {lift.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(lift.error, 'The block could not be lifted. Please try again.')}
        </p>
      )}
      {blocks.data?.domainBlocks.length === 0 && (
        <p className="text-gray-600">No domain is blocked.</p>
      )}
      <ul className="space-y-3">
        {blocks.data?.domainBlocks.map((block) => (
          <li
            key={block.id}
            className="flex items-start justify-between gap-4 rounded-xl border border-gray-200 bg-white p-4"
          >
            <div>
              <p className="font-semibold text-gray-900">
                {block.host} · {domainBlockKindLabels[block.kind]}
              </p>
              <p className="text-sm text-gray-700">{block.note}</p>
              <p className="text-xs text-gray-500">
                {block.moderator ? `@${block.moderator}` : 'A former moderator'},{' '}
                {new Date(block.createdAt).toLocaleString()}
              </p>
            </div>
            <Button
              type="button"
              variant="outline"
              disabled={lift.isPending}
              onClick={() => lift.mutate(block.id)}
            >
              Lift<span className="sr-only"> the block of {block.host}</span>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
