import { type LucideIconData, PlusIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { type BlockStatus, blockStatuses } from '../../../../schema/block-values';
import type { PublicBlock } from '../../../../schema/blocks';
import { type BoardTabs, cursorOfNext } from '../../../../schema/board-pages';
import { type CategoryKey, categories } from '../../../../schema/categories';
import { IconSprite } from '../../../components/icon-sprite';
import { filterPill, segment, segmentRadio, segmentTrack } from '../../../components/ui/segmented';
import { useBlockLooks } from '../../../lib/use-block-look';
import { cn } from '../../../lib/utils';
import { BlockCard, type BlockViewMode, type CardBoard, cardIcons } from './block-card';

/** Visitors' boards hold blocks as they see them; the owner's, their own blocks. */
export type BlockBoardProps<B extends PublicBlock> = {
  blocks: B[];
  board: CardBoard;
  /** Whose board it is: names the visitor empty states ("{displayName} hasn't added…"). */
  displayName: string;
  variant: 'owner' | 'visitor';
  /** The tab the board opens on. */
  initialStatus?: BlockStatus;
  /** Owner only: the "Create Block" tile in Now and Planned, and the owner's empty states. */
  onCreate?: (status: BlockStatus) => void;
  /** Owner only: clicking a block opens the edit dialog. */
  onEdit?: (block: B) => void;
  /** Visitor only: what each card offers (the copy button). */
  renderAction?: (block: B) => ReactNode;
  /** The icons `renderAction` draws on every card, held once in the board's sprite. */
  actionIcons?: LucideIconData[];
  /** Owner only: lays out a tab's cards its own way (the dashboard's, which can be rearranged). */
  renderTab?: (tab: TabGridProps<B>) => ReactNode;
  /** Visitor only: the board carries a page of each tab; counts and page links come from here. */
  pages?: TabPages;
  /** Each tab's count when `blocks` holds only part of a long tab; counted from `blocks` otherwise. */
  counts?: Record<BlockStatus, number>;
};

/**
 * A board shown a page of each tab at a time: every tab's true count and next page, the tab shown
 * past its first page (if any), and the address of a tab's page (its first for a null cursor).
 */
export type TabPages = {
  tabs: BoardTabs;
  pagedStatus: BlockStatus | null;
  pageHref: (status: BlockStatus, cursor: string | null) => string;
};

/** One tab's cards as a grid: each card in a cell, then what follows them (Create Block). */
export type TabGridProps<B extends PublicBlock> = {
  status: BlockStatus;
  blocks: B[];
  /** The grid's columns and gaps, for the board's view mode. */
  className: string;
  renderCard: (block: B, index: number) => ReactNode;
  children?: ReactNode;
};

export const tabLabels: Record<BlockStatus, string> = {
  now: 'Now',
  planned: 'Planned',
  done: 'Done',
};

// The most cards a row holds: their images load at once, the rest as they scroll into view.
const firstRowCards = 5;

function emptyMessage(status: BlockStatus, variant: 'owner' | 'visitor', displayName: string) {
  const who = variant === 'owner' ? "You haven't" : `${displayName} hasn't`;
  if (status === 'planned') return `${who} added any planned activities yet.`;
  if (status === 'done') return `${who} completed any activities yet.`;
  return `${who} added any activities yet.`;
}

// Cards keep their own height: a card without an image stays compact beside one with an image.
const twoToFiveColumns =
  'grid grid-cols-2 items-start gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5';

const blockGridClassName: Record<BlockViewMode, string> = {
  default: twoToFiveColumns,
  auto: twoToFiveColumns,
  // Text only, so the cards of a row can share its height: even rows.
  compact:
    'grid grid-cols-2 items-stretch gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5',
  // Wide cards with room to breathe: fewer per row.
  max: 'grid grid-cols-1 items-start gap-4 sm:grid-cols-2 sm:gap-5 xl:grid-cols-3',
};

/** What a card's cell carries, however the tab lays it out: the filter hides cells by category. */
export function blockCellProps(block: PublicBlock) {
  return {
    'data-block-id': block.id,
    'data-category': block.category,
    // A featured block takes two columns of the grid (one on a phone).
    className: block.isWide ? 'block-card-cell block-card-wide' : 'block-card-cell',
  };
}

function plainTabGrid<B extends PublicBlock>({
  blocks,
  className,
  renderCard,
  children,
}: TabGridProps<B>) {
  return (
    <ul className={className}>
      {blocks.map((block, index) => (
        <li key={block.id} {...blockCellProps(block)}>
          {renderCard(block, index)}
        </li>
      ))}
      {children}
    </ul>
  );
}

const viewModes: { value: BlockViewMode; label: string }[] = [
  { value: 'default', label: 'Default' },
  { value: 'max', label: 'Large' },
  { value: 'compact', label: 'Compact' },
];

type CategoryChoice = CategoryKey | 'all';

/**
 * Which tab and which cards show, in CSS alone: the status and category choices are radio inputs
 * and each rule follows the checked one with `:has()`, so the board works the same rendered on the
 * server with no script, and in the app. The rules come from the statuses and categories
 * themselves, so a new category needs no new CSS.
 */
const boardRules = [
  '[data-board] [data-panel], [data-board] [data-empty] { display: none }',
  ...blockStatuses.map(
    (status) =>
      `[data-board]:has([data-status-choice="${status}"]:checked) [data-panel="${status}"] { display: block }`,
  ),
  // No category chosen (or no filter at all, on a board of one category): the whole tab counts.
  '[data-board]:not(:has([data-category-choice]:not([data-category-choice="all"]):checked)) [data-panel]:not(:has([data-category])) [data-empty] { display: block }',
  ...categories.flatMap(({ key }) => [
    `[data-board]:has([data-category-choice="${key}"]:checked) [data-category]:not([data-category="${key}"]) { display: none }`,
    `[data-board]:has([data-category-choice="${key}"]:checked) [data-panel]:not(:has([data-category="${key}"])) [data-empty] { display: block }`,
  ]),
].join('\n');

/** Tabs Now / Planned / Done with counts, the category filter, empty states and the grid. */
export function BlockBoard<B extends PublicBlock>({
  blocks,
  board,
  displayName,
  variant,
  initialStatus = 'now',
  onCreate,
  onEdit,
  renderAction,
  actionIcons = [],
  renderTab,
  pages,
  counts,
}: BlockBoardProps<B>) {
  const looks = useBlockLooks(blocks);
  const [viewMode, setViewMode] = useState<BlockViewMode>('default');
  const choiceName = useId();
  const isOwner = variant === 'owner';
  // Visitors are offered only the categories the board uses; the owner, all of them.
  const shownCategories = isOwner
    ? categories
    : categories.filter(({ key }) => blocks.some((block) => block.category === key));
  return (
    <section data-board data-accent={board.accent}>
      <IconSprite icons={[...looks.map((look) => look.icon), ...cardIcons, ...actionIcons]}>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant rules built from our own keys */}
        <style dangerouslySetInnerHTML={{ __html: boardRules }} />
        {/* Block titles are level 3: this keeps the outline whole under the page's heading. */}
        <h2 className="sr-only">Activities</h2>
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <StatusChoice
              name={`${choiceName}-status`}
              initialStatus={initialStatus}
              counts={pages ? tabCounts(pages.tabs) : (counts ?? countByStatus(blocks))}
            />
            {isOwner && <ViewModeChoice value={viewMode} onChange={setViewMode} />}
          </div>
          {shownCategories.length > 1 && (
            <CategoryFilter name={`${choiceName}-category`} options={shownCategories} />
          )}
        </div>
        {blockStatuses.map((status) => {
          const inTab = blocks.filter((b) => b.status === status);
          const showCreate = isOwner && onCreate && status !== 'done';
          return (
            <div key={status} data-panel={status} className="mt-4">
              <p
                data-empty
                className="mb-4 rounded-xl border border-dashed border-gray-300 bg-white p-6 text-center text-sm text-gray-600"
              >
                {emptyMessage(status, variant, displayName)}
              </p>
              {(inTab.length > 0 || showCreate) &&
                (renderTab ?? plainTabGrid)({
                  status,
                  blocks: inTab,
                  className: blockGridClassName[viewMode],
                  renderCard: (block, index) => (
                    <BlockCard
                      block={block}
                      board={board}
                      viewMode={viewMode}
                      firstRow={status === initialStatus && index < firstRowCards}
                      onEdit={isOwner ? onEdit : undefined}
                      action={renderAction?.(block)}
                    />
                  ),
                  children: showCreate && (
                    <li className="flex min-w-0">
                      <CreateBlockTile onClick={() => onCreate(status)} />
                    </li>
                  ),
                })}
              {pages && <TabPageLinks status={status} pages={pages} />}
            </div>
          );
        })}
      </IconSprite>
    </section>
  );
}

export function tabCounts(tabs: BoardTabs): Record<BlockStatus, number> {
  return { now: tabs.now.count, planned: tabs.planned.count, done: tabs.done.count };
}

/** Plain links, drawn on the server: back to a tab's first page, and on to its next one. */
export function TabPageLinks({ status, pages }: { status: BlockStatus; pages: TabPages }) {
  const { next } = pages.tabs[status];
  const nextCursor = next ? cursorOfNext(next) : null;
  if (pages.pagedStatus !== status && nextCursor === null) return null;
  return (
    <nav
      aria-label={`${tabLabels[status]} pages`}
      className="mt-4 flex flex-wrap justify-center gap-4 text-sm font-medium"
    >
      {pages.pagedStatus === status && (
        <a href={pages.pageHref(status, null)} className="text-accent hover:underline">
          First page
        </a>
      )}
      {nextCursor !== null && (
        <a href={pages.pageHref(status, nextCursor)} className="text-accent hover:underline">
          Next page
        </a>
      )}
    </nav>
  );
}

function countByStatus(blocks: PublicBlock[]): Record<BlockStatus, number> {
  const counts: Record<BlockStatus, number> = { now: 0, planned: 0, done: 0 };
  for (const block of blocks) counts[block.status] += 1;
  return counts;
}

export function StatusChoice({
  name,
  initialStatus,
  counts,
}: {
  name: string;
  initialStatus: BlockStatus;
  counts: Record<BlockStatus, number>;
}) {
  return (
    <fieldset className={segmentTrack}>
      <legend className="sr-only">Status</legend>
      {blockStatuses.map((status) => (
        <label
          key={status}
          className={cn(segment, 'inline-flex items-center gap-1.5 px-3 py-1.5 text-sm')}
        >
          <input
            type="radio"
            name={name}
            value={status}
            data-status-choice={status}
            defaultChecked={status === initialStatus}
            className={segmentRadio}
          />
          {tabLabels[status]}
          <span className="rounded-full bg-gray-200 px-1.5 text-xs tabular-nums text-gray-800">
            {counts[status]}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function CategoryFilter({
  name,
  options,
}: {
  name: string;
  options: readonly { key: CategoryKey; label: string }[];
}) {
  const choices: { key: CategoryChoice; label: string }[] = [
    { key: 'all', label: 'All' },
    ...options,
  ];
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">Filter by category</legend>
      {choices.map((choice) => (
        <label key={choice.key} className={filterPill}>
          <input
            type="radio"
            name={name}
            value={choice.key}
            data-category-choice={choice.key}
            defaultChecked={choice.key === 'all'}
            className={segmentRadio}
          />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Default cards; Large (wide media, more padding); Compact (text only, rows of even height). The owner's way of looking at their board; visitors see the default.
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
    <div role="radiogroup" aria-label="Card size" className={segmentTrack}>
      {viewModes.map((mode) => (
        <label key={mode.value} className={cn(segment, 'px-2.5 py-1 text-xs')}>
          <input
            type="radio"
            name={name}
            value={mode.value}
            checked={value === mode.value}
            onChange={() => onChange(mode.value)}
            className={segmentRadio}
          />
          {mode.label}
        </label>
      ))}
    </div>
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
