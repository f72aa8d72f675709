import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '../../../lib/api-client';
import { analyticsKeys } from '../../../lib/query-keys';

export type Analytics = InferResponseType<typeof api.analytics.me.$get, 200>;

export const myAnalyticsQueryOptions = queryOptions({
  queryKey: analyticsKeys.mine(),
  queryFn: async ({ signal }) =>
    (await api.analytics.me.$get(undefined, { init: { signal } })).json(),
});

export function useMyAnalytics() {
  return useQuery(myAnalyticsQueryOptions);
}
