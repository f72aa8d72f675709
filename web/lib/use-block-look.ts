import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { type BlockLookKey, blockLookQueryKey } from './block-look-key';
import { loadChunk } from './load-chunk';

/**
 * A block's type label and icon shape: sent with a server-rendered page for the blocks it shows,
 * otherwise read from the catalogue's chunk, loaded on first need.
 */
function blockLookQueryOptions(block: BlockLookKey) {
  return queryOptions({
    queryKey: blockLookQueryKey(block),
    queryFn: async () => {
      const { blockLook } = await loadChunk(() => import('./block-looks'));
      return blockLook(block);
    },
  });
}

/** A block's look; undefined until it has loaded. */
export function useBlockLook(block: BlockLookKey) {
  return useQuery(blockLookQueryOptions(block)).data;
}

/** The looks of these blocks that have loaded, one per distinct look, in the blocks' order. */
export function useBlockLooks(blocks: BlockLookKey[]) {
  const distinct = new Map(blocks.map((block) => [`${block.type}\n${block.emoji}`, block]));
  return useQueries({
    queries: [...distinct.values()].map(blockLookQueryOptions),
    combine: (results) => results.flatMap((result) => (result.data ? [result.data] : [])),
  });
}
