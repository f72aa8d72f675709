import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readAgainAfterChange } from '../../../lib/query-client';
import { analyticsKeys } from '../../../lib/query-keys';
import { fediverseFollowersQueryOptions } from './get-fediverse-followers';

/** Removes a follower from another server; the list and the follower number follow. */
export function useRemoveFediverseFollower() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.fediverse.followers[':id'].$delete({ param: { id: String(id) } })).json(),
    onSuccess: () => {
      readAgainAfterChange(queryClient, fediverseFollowersQueryOptions.queryKey);
      readAgainAfterChange(queryClient, analyticsKeys.mine());
    },
  });
}
