import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { CategoryKey } from '../../../../schema/categories';
import { api } from '../../../lib/api-client';
import { discoverKeys } from '../../../lib/query-keys';

export type DiscoverPage = InferResponseType<typeof api.discover.$get, 200>;
export type DiscoverBoard = DiscoverPage['boards'][number];

/** What Discover lists: a search (words matched by prefix) and a category, each optional. */
export type DiscoverFilter = { q: string; category: CategoryKey | null };

/** Public boards that show blocks, latest news first, narrowed by the server. */
export function discoverQueryOptions({ q, category }: DiscoverFilter) {
  return infiniteQueryOptions({
    queryKey: discoverKeys.search(q, category ?? ''),
    queryFn: async ({ pageParam, signal }) => {
      const query = {
        ...(q ? { q } : {}),
        ...(category ? { category } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      };
      return (await api.discover.$get({ query }, { init: { signal } })).json();
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** While a new search loads, the previous results stay on screen instead of a blank page. */
export function useDiscover(filter: DiscoverFilter) {
  return useInfiniteQuery({ ...discoverQueryOptions(filter), placeholderData: keepPreviousData });
}
