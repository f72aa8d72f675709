import type { BlockStatus } from '../../../schema/block-values';

type Listed = { id: number; status: BlockStatus };

/** `list` with `block` put right after block `after`, or before the first block of its tab. */
function insertAfter<B extends Listed>(list: B[], block: B, after: number | null): B[] {
  const at =
    after === null
      ? list.findIndex((other) => other.status === block.status)
      : list.findIndex((other) => other.id === after) + 1;
  if (at < 0) return [...list, block];
  return [...list.slice(0, at), block, ...list.slice(at)];
}

/**
 * The owner's loaded lists (the first pages of all tabs, then each tab's further pages) with block
 * `id` put in tab `status` right after block `after` (first in the tab when null), as the server
 * places it. Lists it leaves alone are returned as they were; a neighbour not loaded leaves the
 * block out until the lists are read again.
 */
export function withBlockPlaced<B extends Listed>(
  lists: B[][],
  id: number,
  status: BlockStatus,
  after: number | null,
): B[][] {
  const moving = lists.flat().find((block) => block.id === id);
  if (!moving) return lists;
  const without = lists.map((list) =>
    list.some((block) => block.id === id) ? list.filter((block) => block.id !== id) : list,
  );
  const target =
    after === null ? 0 : without.findIndex((list) => list.some((block) => block.id === after));
  return without.map((list, index) =>
    index === target ? insertAfter(list, { ...moving, status }, after) : list,
  );
}
