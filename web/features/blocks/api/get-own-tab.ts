import { type QueryClient, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { BlockStatus } from '../../../../schema/block-values';
import { api } from '../../../lib/api-client';
import { ownBlocksKey } from '../../../lib/query-keys';
import { ownBlocksQueryOptions } from './get-own-blocks';

export type OwnTabPage = InferResponseType<(typeof api.blocks.me.tabs)[':status']['$get'], 200>;

/** The further pages of the owner's tabs: under the owner's list, so they are read again with it. */
export const ownTabsKey = () => [...ownBlocksKey(), 'tab'] as const;
export const ownTabKey = (status: BlockStatus) => [...ownTabsKey(), status] as const;

/**
 * A page of a tab past its first. The first of them starts where the owner's list ends now, read
 * with it: read again after a change, the pages follow the first page as it is then.
 */
async function fetchTabPage(
  queryClient: QueryClient,
  status: BlockStatus,
  cursor: string | null,
  signal: AbortSignal,
): Promise<OwnTabPage> {
  const from = cursor ?? (await queryClient.fetchQuery(ownBlocksQueryOptions)).tabs[status].next;
  if (from === null) return { blocks: [], next: null };
  const response = await api.blocks.me.tabs[':status'].$get(
    { param: { status }, query: { cursor: from } },
    { init: { signal } },
  );
  return response.json();
}

/**
 * The rest of one of the owner's tabs, a page at a time, after the first page the owner's list
 * holds. Nothing is read until `wanted` (the first "Load more").
 */
export function useRestOfTab(status: BlockStatus, wanted: boolean) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: ownTabKey(status),
    queryFn: ({ pageParam, signal }) => fetchTabPage(queryClient, status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    enabled: wanted,
  });
}
