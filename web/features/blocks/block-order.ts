import type { BlockStatus } from '../../../schema/block-values';

/**
 * `blocks` with the ones in `status` put in the order of `ids`, each taking a place one of that
 * tab held, so the other tabs' blocks stay where they are (the owner's list holds all three).
 * Blocks of the tab that `ids` leaves out keep their places.
 */
export function withTabOrder<B extends { id: number; status: BlockStatus }>(
  blocks: B[],
  status: BlockStatus,
  ids: number[],
): B[] {
  const byId = new Map(blocks.map((block) => [block.id, block]));
  const ordered = ids.flatMap((id) => {
    const block = byId.get(id);
    return block?.status === status ? [block] : [];
  });
  const moved = new Set(ordered.map((block) => block.id));
  let next = 0;
  return blocks.map((block) => (moved.has(block.id) ? (ordered[next++] as B) : block));
}
