import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readAgainAfterChange } from '../../../lib/query-client';
import { analyticsKeys } from '../../../lib/query-keys';
import { fediverseFollowersQueryOptions } from './get-fediverse-followers';

/** Lets in a follow that waited for approval; the list and the follower number follow. */
export function useApproveFediverseFollower() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.fediverse.followers[':id'].approve.$post({ param: { id: String(id) } })).json(),
    onSuccess: () => {
      readAgainAfterChange(queryClient, fediverseFollowersQueryOptions.queryKey);
      readAgainAfterChange(queryClient, analyticsKeys.mine());
    },
  });
}
