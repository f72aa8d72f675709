import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '../../../lib/api-client';
import { discoverKeys } from '../../../lib/query-keys';

type DiscoverPage = InferResponseType<typeof api.discover.$get, 200>;
export type DiscoverBoard = DiscoverPage['boards'][number];

/**
 * Public boards that show blocks, changed last first; `q` is matched by the server
 * (case-insensitive substring).
 */
export function discoverQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: discoverKeys.search(q),
    queryFn: async ({ pageParam }) => {
      const query = {
        ...(q ? { q } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      };
      return (await api.discover.$get({ query })).json();
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** While a new search loads, the previous results stay on screen instead of a blank page. */
export function useDiscover(q: string) {
  return useInfiniteQuery({ ...discoverQueryOptions(q), placeholderData: keepPreviousData });
}
