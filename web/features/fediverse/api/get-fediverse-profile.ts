import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The owner's fediverse account: the accounts they had before, and where the board moved. */
export const fediverseProfileQueryOptions = queryOptions({
  queryKey: ['fediverse', 'profile'] as const,
  queryFn: async ({ signal }) =>
    (await api.fediverse.profile.$get(undefined, { init: { signal } })).json(),
});

export function useFediverseProfile() {
  return useQuery(fediverseProfileQueryOptions);
}
