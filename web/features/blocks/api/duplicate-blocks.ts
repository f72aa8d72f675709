import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '../../../lib/api-client';
import { useBlocksChanged } from '../../../lib/board-changed';
import { ownBlocksKey } from '../../../lib/query-keys';

export type DuplicatePair = InferResponseType<
  typeof api.blocks.duplicates.$get,
  200
>['pairs'][number];

// Under the owner's blocks: every change to them reads the pairs again.
const duplicateBlocksQueryOptions = queryOptions({
  queryKey: [...ownBlocksKey(), 'duplicates'] as const,
  queryFn: async ({ signal }) =>
    (await api.blocks.duplicates.$get(undefined, { init: { signal } })).json(),
});

/** Pairs of the owner's blocks that hold one work, to offer merging them. */
export function useDuplicateBlocks() {
  return useQuery(duplicateBlocksQueryOptions);
}

/** Merges block `from` into block `into`, which keeps its story, counts and copies. */
export function useMergeBlocks() {
  const blocksChanged = useBlocksChanged();
  return useMutation({
    mutationFn: async ({ into, from }: { into: number; from: number }) =>
      (await api.blocks[':id'].merge.$post({ param: { id: String(into) }, json: { from } })).json(),
    onSuccess: () => blocksChanged(),
  });
}
