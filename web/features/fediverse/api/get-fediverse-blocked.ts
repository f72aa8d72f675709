import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '../../../lib/api-client';

export type FediverseBlock = InferResponseType<
  typeof api.fediverse.blocked.$get,
  200
>['blocked'][number];

/** The accounts and servers the signed-in owner blocked from their board, latest first. */
export const fediverseBlockedQueryOptions = queryOptions({
  queryKey: ['fediverse', 'blocked'] as const,
  queryFn: async ({ signal }) =>
    (await api.fediverse.blocked.$get(undefined, { init: { signal } })).json(),
});

export function useFediverseBlocked() {
  return useQuery(fediverseBlockedQueryOptions);
}
