import { ExternalLinkIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { type BlockStatus, blockStatuses } from '../../../../schema/blocks';
import { findBlockType } from '../../../../schema/catalogue';
import { BlockIcon } from '../../../components/block-icon';
import { Label } from '../../../components/ui/label';
import { ChoiceSelect } from '../../../components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { cn } from '../../../lib/utils';
import type { Block } from '../api/get-own-blocks';
import { recordClick } from '../api/record-click';
import { tintFor } from './category-styles';

const tabLabels: Record<BlockStatus, string> = { now: 'Now', planned: 'Planned', done: 'Done' };
const allTypes = 'all';

/** The read-only board inside an iframe: visible blocks only, by status, filtered by type. */
export function EmbedBoard({ blocks }: { blocks: Block[] }) {
  const visible = blocks.filter((b) => b.isVisible);
  const [type, setType] = useState<string>(allTypes);
  const filterId = useId();
  const typesPresent = [...new Set(visible.map((b) => b.type))];
  const shown = type === allTypes ? visible : visible.filter((b) => b.type === type);
  return (
    <Tabs defaultValue="now" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TabsList aria-label="Status">
          {blockStatuses.map((status) => (
            <TabsTrigger key={status} value={status}>
              {tabLabels[status]}
              <span className="rounded-full bg-gray-200 px-1.5 text-xs tabular-nums text-gray-800">
                {visible.filter((b) => b.status === status).length}
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
        <div className="flex items-center gap-2">
          <Label id={filterId} className="shrink-0">
            Type
          </Label>
          <ChoiceSelect
            aria-labelledby={filterId}
            className="h-9 w-48"
            value={type}
            onValueChange={setType}
            options={[
              { value: allTypes, label: 'All' },
              ...typesPresent.map((key) => ({
                value: key,
                label: findBlockType(key)?.label ?? key,
              })),
            ]}
          />
        </div>
      </div>
      {blockStatuses.map((status) => {
        const inTab = shown.filter((b) => b.status === status);
        return (
          <TabsContent key={status} value={status} className="mt-0">
            {inTab.length === 0 ? (
              <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-sm text-gray-600">
                No activities yet
              </p>
            ) : (
              <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">
                {inTab.map((block) => (
                  <li key={block.id} className="flex min-w-0">
                    <EmbedBlock block={block} />
                  </li>
                ))}
              </ul>
            )}
          </TabsContent>
        );
      })}
    </Tabs>
  );
}

function EmbedBlock({ block }: { block: Block }) {
  return (
    <article className="flex w-full min-w-0 flex-col gap-1.5 rounded-lg border border-gray-200 bg-white p-3">
      <span
        className={cn(
          'flex size-7 items-center justify-center rounded-md',
          tintFor(block.category),
        )}
      >
        <BlockIcon block={block} className="size-4" />
      </span>
      <h3 className="line-clamp-2 break-words text-sm font-semibold leading-snug text-gray-900">
        {block.title}
      </h3>
      {block.subtitle && (
        <p className="line-clamp-1 break-words text-xs text-gray-700">{block.subtitle}</p>
      )}
      {block.description && (
        <p className="line-clamp-2 break-words text-xs text-gray-600">{block.description}</p>
      )}
      {block.externalUrl && (
        <a
          href={block.externalUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => recordClick(block.id)}
          className="mt-auto inline-flex items-center gap-1 pt-1 text-xs font-medium text-violet-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500"
        >
          Visit
          <span className="sr-only">: {block.title} (opens in a new tab)</span>
          <ExternalLinkIcon aria-hidden className="size-3" />
        </a>
      )}
    </article>
  );
}
