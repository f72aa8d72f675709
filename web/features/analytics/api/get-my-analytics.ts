import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '../../../lib/api-client';
import { analyticsKeys } from '../../../lib/query-keys';

export type Analytics = InferResponseType<typeof api.analytics.me.$get, 200>;

const myAnalyticsQueryOptions = queryOptions({
  queryKey: analyticsKeys.mine(),
  queryFn: async () => (await api.analytics.me.$get()).json(),
});

export function useMyAnalytics() {
  return useQuery(myAnalyticsQueryOptions);
}
