import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '../../../lib/api-client';
import { ownBlocksKey } from '../../../lib/query-keys';

type OwnBlocksResponse = InferResponseType<typeof api.blocks.me.$get, 200>;
export type Block = OwnBlocksResponse['blocks'][number];
export type BoardSettings = OwnBlocksResponse['board'];
export type OwnBlocks = OwnBlocksResponse;

/** The owner's board settings, each tab's count, and each tab's first page. */
export const ownBlocksQueryOptions = queryOptions({
  queryKey: ownBlocksKey(),
  queryFn: async ({ signal }) => (await api.blocks.me.$get(undefined, { init: { signal } })).json(),
});

export function useOwnBlocks() {
  return useQuery(ownBlocksQueryOptions);
}
