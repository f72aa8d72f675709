import { useQuery } from '@tanstack/react-query';
import { loadChunk } from './load-chunk';

/** What a block's look depends on. */
export type BlockLookKey = { type: string; emoji: string | null };

export function blockLookQueryKey(block: BlockLookKey) {
  return ['block-look', block.type, block.emoji] as const;
}

/**
 * A block's type label and icon shape: sent with a server-rendered page for the blocks it shows,
 * otherwise read from the catalogue's chunk, loaded on first need. Undefined until then.
 */
export function useBlockLook(block: BlockLookKey) {
  const { data } = useQuery({
    queryKey: blockLookQueryKey(block),
    queryFn: async () => {
      const { blockLook } = await loadChunk(() => import('./block-looks'));
      return blockLook(block);
    },
  });
  return data;
}
