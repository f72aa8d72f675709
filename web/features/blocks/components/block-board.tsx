import { PlusIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { type BlockStatus, blockStatuses } from '../../../../schema/block-values';
import type { PublicBlock } from '../../../../schema/blocks';
import { type CategoryKey, categories } from '../../../../schema/categories';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { cn } from '../../../lib/utils';
import type { BoardSettings } from '../api/get-own-blocks';
import { BlockCard, type BlockViewMode } from './block-card';

/** Visitors' boards hold blocks as they see them; the owner's, their own blocks. */
export type BlockBoardProps<B extends PublicBlock> = {
  blocks: B[];
  board: BoardSettings;
  /** Whose board it is: names the visitor empty states ("{displayName} hasn't added…"). */
  displayName: string;
  variant: 'owner' | 'visitor';
  /** Owner only: the "Create Block" tile in Now and Planned, and the owner's empty states. */
  onCreate?: (status: BlockStatus) => void;
  /** Owner only: clicking a block opens the edit dialog. */
  onEdit?: (block: B) => void;
  /** Visitor only: what each card offers (the copy button for a signed-in non-owner). */
  renderAction?: (block: B) => ReactNode;
};

const tabLabels: Record<BlockStatus, string> = { now: 'Now', planned: 'Planned', done: 'Done' };

// The most cards a row holds: their images load at once, the rest as they scroll into view.
const firstRowCards = 5;

function emptyMessage(status: BlockStatus, variant: 'owner' | 'visitor', displayName: string) {
  const who = variant === 'owner' ? "You haven't" : `${displayName} hasn't`;
  if (status === 'planned') return `${who} added any planned activities yet.`;
  if (status === 'done') return `${who} completed any activities yet.`;
  return `${who} added any activities yet.`;
}

const twoToFiveColumns =
  'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5';

const blockGridClassName: Record<BlockViewMode, string> = {
  default: twoToFiveColumns,
  auto: twoToFiveColumns,
  // Wide cards with room to breathe: fewer per row.
  max: 'grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-5 xl:grid-cols-3',
};

const viewModes: { value: BlockViewMode; label: string }[] = [
  { value: 'default', label: 'Default' },
  { value: 'max', label: 'Large' },
  { value: 'auto', label: 'Compact' },
];

/** Tabs Now / Planned / Done with counts, the category filter, empty states and the grid. */
export function BlockBoard<B extends PublicBlock>({
  blocks,
  board,
  displayName,
  variant,
  onCreate,
  onEdit,
  renderAction,
}: BlockBoardProps<B>) {
  const [category, setCategory] = useState<CategoryKey | 'all'>('all');
  const [viewMode, setViewMode] = useState<BlockViewMode>('default');
  const isOwner = variant === 'owner';
  const shown = category === 'all' ? blocks : blocks.filter((b) => b.category === category);
  return (
    <Tabs defaultValue="now">
      {/* Block titles are level 3: this keeps the outline whole under the page's heading. */}
      <h2 className="sr-only">Activities</h2>
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label="Status">
            {blockStatuses.map((status) => (
              <TabsTrigger key={status} value={status}>
                {tabLabels[status]}
                <span className="rounded-full bg-gray-200 px-1.5 text-xs tabular-nums text-gray-800">
                  {blocks.filter((b) => b.status === status).length}
                </span>
              </TabsTrigger>
            ))}
          </TabsList>
          <ViewModeChoice value={viewMode} onChange={setViewMode} />
        </div>
        <CategoryFilter value={category} onChange={setCategory} />
      </div>
      {blockStatuses.map((status) => {
        const inTab = shown.filter((b) => b.status === status);
        const showCreate = isOwner && onCreate && status !== 'done';
        return (
          <TabsContent key={status} value={status} className="mt-4">
            {inTab.length === 0 && (
              <p className="mb-4 rounded-xl border border-dashed border-gray-300 bg-white p-6 text-center text-sm text-gray-600">
                {emptyMessage(status, variant, displayName)}
              </p>
            )}
            {(inTab.length > 0 || showCreate) && (
              <ul className={blockGridClassName[viewMode]}>
                {inTab.map((block, index) => (
                  <li key={block.id} className="flex min-w-0">
                    <BlockCard
                      block={block}
                      board={board}
                      viewMode={viewMode}
                      firstRow={index < firstRowCards}
                      onEdit={isOwner ? onEdit : undefined}
                      action={renderAction?.(block)}
                    />
                  </li>
                ))}
                {showCreate && (
                  <li className="flex min-w-0">
                    <CreateBlockTile onClick={() => onCreate(status)} />
                  </li>
                )}
              </ul>
            )}
          </TabsContent>
        );
      })}
    </Tabs>
  );
}

/**
 * Default cards; Large (wide media, more padding); Compact (no media box for blocks without an
 * image). Native radios: the browser gives the group its arrow keys.
 */
function ViewModeChoice({
  value,
  onChange,
}: {
  value: BlockViewMode;
  onChange: (value: BlockViewMode) => void;
}) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label="Card size"
      className="inline-flex rounded-lg bg-gray-100 p-1"
    >
      {viewModes.map((mode) => (
        <label
          key={mode.value}
          className="relative rounded-md px-2.5 py-1 text-xs font-medium text-gray-700 has-checked:bg-white has-checked:text-gray-900 has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-violet-500"
        >
          <input
            type="radio"
            name={name}
            value={mode.value}
            checked={value === mode.value}
            onChange={() => onChange(mode.value)}
            className="absolute inset-0 cursor-pointer appearance-none rounded-md focus-visible:outline-none"
          />
          {mode.label}
        </label>
      ))}
    </div>
  );
}

function CategoryFilter({
  value,
  onChange,
}: {
  value: CategoryKey | 'all';
  onChange: (value: CategoryKey | 'all') => void;
}) {
  const options = [{ key: 'all' as const, label: 'All' }, ...categories];
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Filter by category</legend>
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          aria-pressed={value === option.key}
          onClick={() => onChange(option.key)}
          className={cn(
            'rounded-full border px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500',
            value === option.key
              ? 'border-violet-700 bg-violet-700 text-white'
              : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-100',
          )}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

function CreateBlockTile({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex min-h-40 w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-gray-300 bg-white p-4 text-sm font-medium text-gray-700 transition-colors hover:border-violet-500 hover:text-violet-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500"
    >
      <PlusIcon aria-hidden className="size-6" />
      Create Block
    </button>
  );
}
