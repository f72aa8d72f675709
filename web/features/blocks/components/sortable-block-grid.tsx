import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVerticalIcon } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import type { BlockStatus } from '../../../../schema/block-values';
import type { PublicBlock } from '../../../../schema/blocks';
import { cn } from '../../../lib/utils';
import { blockCellProps, type TabGridProps, tabLabels } from './block-board';

const screenReaderInstructions = {
  draggable:
    'To move this block, press space or enter. Use the arrow keys to move it, then space or enter to drop it, or escape to put it back.',
};

/**
 * The arrows move a card among the cards on screen: those a category filter hides measure 0 by 0,
 * and left among the rest they would count as neighbours.
 */
const shownCardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const shown = [...args.context.droppableRects].filter(([, rect]) => rect.width > 0);
  return sortableKeyboardCoordinates(event, {
    ...args,
    context: { ...args.context, droppableRects: new Map(shown) },
  });
};

/**
 * What a screen reader hears as a block is picked up, moved, dropped or put back. A move is told
 * only when the place changes: a card picked up is first "over" its own place, which would drown
 * the pick-up in a second message.
 */
function useAnnouncements(blocks: PublicBlock[], status: BlockStatus): Announcements {
  const lastPlace = useRef<UniqueIdentifier | null>(null);
  const tab = tabLabels[status];
  const title = (id: UniqueIdentifier) => blocks.find((block) => block.id === id)?.title ?? '';
  const place = (id: UniqueIdentifier) =>
    `position ${blocks.findIndex((block) => block.id === id) + 1} of ${blocks.length} in ${tab}`;
  return {
    onDragStart: ({ active }) => {
      lastPlace.current = active.id;
      return `Picked up ${title(active.id)}, at ${place(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastPlace.current) return undefined;
      lastPlace.current = over.id;
      return `${title(active.id)} is now at ${place(over.id)}.`;
    },
    onDragEnd: ({ active, over }) =>
      `${title(active.id)} dropped at ${place(over?.id ?? active.id)}.`,
    onDragCancel: ({ active }) =>
      `Moving ${title(active.id)} was cancelled. It is back at ${place(active.id)}.`,
  };
}

/**
 * A tab of the owner's board whose cards can be put in order: by dragging a card's handle with a
 * mouse, a finger or a pen, or from the keyboard on the handle (space, arrows, space), with each
 * step announced. Only the handle starts a drag, so a click on the card still opens it and a
 * finger elsewhere on the card still scrolls the page. A drop moves one block: the cards of a
 * long tab not loaded yet keep their places.
 */
export function SortableBlockGrid<B extends PublicBlock>({
  status,
  blocks,
  className,
  renderCard,
  children,
  onMove,
}: TabGridProps<B> & { onMove: (id: number, after: number | null) => void }) {
  const sensors = useSensors(
    // A few pixels of travel before a drag starts: a tap on the handle stays a tap.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: shownCardCoordinates }),
  );
  const ids = blocks.map((block) => block.id);
  const announcements = useAnnouncements(blocks, status);

  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    // Sent as one block's move: after the card now before it, or first.
    const order = arrayMove(ids, from, to);
    const at = order.indexOf(Number(active.id));
    onMove(Number(active.id), order[at - 1] ?? null);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{
        announcements,
        screenReaderInstructions,
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <ul className={className}>
          {blocks.map((block, index) => (
            <SortableCell key={block.id} block={block}>
              {renderCard(block, index)}
            </SortableCell>
          ))}
          {children}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableCell({ block, children }: { block: PublicBlock; children: ReactNode }) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: block.id });
  const cell = blockCellProps(block);
  return (
    <li
      ref={setNodeRef}
      {...cell}
      className={cn(cell.className, 'relative', isDragging && 'z-10 opacity-80')}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children}
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Move ${block.title}`}
        data-drag-handle
        className={cn(
          'absolute right-2 top-2 flex size-9 cursor-grab touch-none items-center justify-center rounded-md border border-gray-200 bg-white/90 text-gray-700 shadow-sm hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600',
          isDragging && 'cursor-grabbing',
        )}
      >
        <GripVerticalIcon aria-hidden className="size-4" />
      </button>
    </li>
  );
}
