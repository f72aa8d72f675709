import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { cn } from '../../../lib/utils';
import {
  blocksForChip,
  type SampleBlock,
  type SampleChip,
  sampleBlocks,
  sampleChips,
  sampleStatuses,
} from './sample-blocks';

function SampleCard({ block }: { block: SampleBlock }) {
  const Icon = block.icon;
  const done = block.status === 'done';
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
      <div
        className={cn(
          'flex aspect-[16/9] items-center justify-center bg-gradient-to-br sm:aspect-[4/3]',
          block.tint,
        )}
      >
        <Icon aria-hidden className="size-9" strokeWidth={1.5} />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <span className="text-[11px] font-semibold tracking-wide text-violet-700 uppercase">
          {block.label}
        </span>
        <p className="line-clamp-2 text-sm font-semibold leading-snug text-gray-900">
          {block.title}
        </p>
        <p className="truncate text-xs text-gray-600">{block.subtitle}</p>
        {block.progress !== null && (
          <div className="mt-auto pt-2">
            <div className="h-1.5 overflow-hidden rounded-full bg-gray-100">
              <div
                className={cn('h-full rounded-full', done ? 'bg-green-600' : 'bg-violet-600')}
                style={{ width: `${block.progress}%` }}
              />
            </div>
            <p className="mt-1 text-[11px] text-gray-600">{block.progress}%</p>
          </div>
        )}
      </div>
    </li>
  );
}

function ChipRow({ chip, onChange }: { chip: SampleChip; onChange: (chip: SampleChip) => void }) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Filter the sample board by category</legend>
      {sampleChips.map((option) => (
        <button
          key={option.key}
          type="button"
          aria-pressed={chip === option.key}
          onClick={() => onChange(option.key)}
          className={cn(
            'rounded-full border px-3 py-1 text-xs font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500 focus-visible:ring-offset-1',
            chip === option.key
              ? 'border-violet-700 bg-violet-700 text-white'
              : 'border-gray-300 bg-white text-gray-700 hover:border-violet-300 hover:text-violet-800',
          )}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

function PreviewProfile() {
  return (
    <div className="flex items-center gap-3">
      <span
        aria-hidden
        className="flex size-12 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-500 text-lg font-bold text-white"
      >
        A
      </span>
      <div className="min-w-0">
        <p className="font-semibold text-gray-900">Alex Rivera</p>
        <p className="truncate text-sm text-gray-600">Designer, reader, weekend guitarist</p>
      </div>
    </div>
  );
}

/** A static, clickable example board: tabs with counts, category chips and sample cards. */
export function SampleBoard() {
  const [chip, setChip] = useState<SampleChip>('all');
  const shown = blocksForChip(sampleBlocks, chip);
  return (
    <section
      aria-label="Sample board"
      className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-xl shadow-violet-900/10"
    >
      <div className="flex items-center gap-2 border-b border-gray-200 bg-gray-50 px-4 py-2.5">
        <span aria-hidden className="flex gap-1.5">
          <span className="size-2.5 rounded-full bg-red-300" />
          <span className="size-2.5 rounded-full bg-amber-300" />
          <span className="size-2.5 rounded-full bg-green-300" />
        </span>
        <span className="mx-auto truncate rounded-md bg-white px-3 py-0.5 text-xs text-gray-600 ring-1 ring-gray-200">
          up2/@alex
        </span>
      </div>
      <div className="space-y-5 p-4 sm:p-6">
        <PreviewProfile />
        <Tabs defaultValue="now">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <TabsList aria-label="Sample board status">
              {sampleStatuses.map((status) => (
                <TabsTrigger key={status.key} value={status.key}>
                  {status.label}
                  <span className="rounded-full bg-gray-200 px-1.5 text-xs text-gray-800">
                    {shown.filter((block) => block.status === status.key).length}
                  </span>
                </TabsTrigger>
              ))}
            </TabsList>
            <ChipRow chip={chip} onChange={setChip} />
          </div>
          {sampleStatuses.map((status) => (
            <TabsContent key={status.key} value={status.key} className="mt-4">
              <SampleGrid blocks={shown.filter((block) => block.status === status.key)} />
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </section>
  );
}

function SampleGrid({ blocks }: { blocks: SampleBlock[] }) {
  if (blocks.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-gray-300 py-10 text-center text-sm text-gray-600">
        Nothing here in this category yet.
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {blocks.map((block) => (
        <SampleCard key={block.id} block={block} />
      ))}
    </ul>
  );
}
