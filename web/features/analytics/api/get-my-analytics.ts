import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '../../../lib/api-client';

export type Analytics = InferResponseType<typeof api.analytics.me.$get, 200>;

export const myAnalyticsQueryKey = ['analytics', 'me'] as const;

export const myAnalyticsQueryOptions = queryOptions({
  queryKey: myAnalyticsQueryKey,
  queryFn: async () => (await api.analytics.me.$get()).json(),
});

export function useMyAnalytics() {
  return useQuery(myAnalyticsQueryOptions);
}
