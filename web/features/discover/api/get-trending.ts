import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { CategoryKey } from '../../../../schema/categories';
import { api } from '../../../lib/api-client';
import { discoverKeys } from '../../../lib/query-keys';

export type TrendingBlock = InferResponseType<
  typeof api.discover.trending.$get,
  200
>['trending'][number];

/** "Trending this week", in every category or one: the server ranks it every 10 minutes. */
function trendingQueryOptions(category: CategoryKey | null) {
  return queryOptions({
    queryKey: discoverKeys.trending(category ?? ''),
    queryFn: async () => {
      const query = category ? { category } : {};
      return (await (await api.discover.trending.$get({ query })).json()).trending;
    },
  });
}

export function useTrending(category: CategoryKey | null) {
  return useQuery(trendingQueryOptions(category));
}
