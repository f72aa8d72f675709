import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '../../../lib/api-client';
import { ownBlocksKey } from '../../../lib/query-keys';

type OwnBlocksResponse = InferResponseType<typeof api.blocks.me.$get, 200>;
export type Block = OwnBlocksResponse['blocks'][number];
export type BoardSettings = OwnBlocksResponse['board'];

/**
 * Blocks deleted whose Undo is still offered: the server keeps them until the undo window has
 * passed, and a refetch inside it (a focused tab, another change) must not bring them back.
 */
export const blocksAwaitingDelete = new Set<number>();

export const ownBlocksQueryOptions = queryOptions({
  queryKey: ownBlocksKey(),
  queryFn: async ({ signal }) => {
    const answer = await (await api.blocks.me.$get(undefined, { init: { signal } })).json();
    return { ...answer, blocks: answer.blocks.filter(({ id }) => !blocksAwaitingDelete.has(id)) };
  },
});

export function useOwnBlocks() {
  return useQuery(ownBlocksQueryOptions);
}
