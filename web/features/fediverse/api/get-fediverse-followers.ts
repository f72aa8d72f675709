import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '../../../lib/api-client';

export type FediverseFollower = InferResponseType<
  typeof api.fediverse.followers.$get,
  200
>['followers'][number];

/** Who follows the signed-in owner's board from other servers, latest first. */
export const fediverseFollowersQueryOptions = queryOptions({
  queryKey: ['fediverse', 'followers'] as const,
  queryFn: async ({ signal }) =>
    (await api.fediverse.followers.$get(undefined, { init: { signal } })).json(),
});

export function useFediverseFollowers() {
  return useQuery(fediverseFollowersQueryOptions);
}
