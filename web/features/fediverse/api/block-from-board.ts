import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api } from '../../../lib/api-client';
import { readAgainAfterChange } from '../../../lib/query-client';
import { analyticsKeys } from '../../../lib/query-keys';
import { fediverseBlockedQueryOptions } from './get-fediverse-blocked';
import { fediverseFollowersQueryOptions } from './get-fediverse-followers';
import { fediverseInteractionsQueryOptions } from './get-fediverse-interactions';

export type BlockRequest = InferRequestType<typeof api.fediverse.blocked.$post>['json'];

/**
 * Blocks the account of a like, boost or reply, or its whole server, from the owner's board: its
 * answers and follows leave and it joins the blocked list, so the lists and the follower number
 * follow.
 */
export function useBlockFromBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: BlockRequest) => (await api.fediverse.blocked.$post({ json })).json(),
    onSuccess: () => {
      readAgainAfterChange(queryClient, fediverseInteractionsQueryOptions.queryKey);
      readAgainAfterChange(queryClient, fediverseFollowersQueryOptions.queryKey);
      readAgainAfterChange(queryClient, fediverseBlockedQueryOptions.queryKey);
      readAgainAfterChange(queryClient, analyticsKeys.mine());
    },
  });
}
