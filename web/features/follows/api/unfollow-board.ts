import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readAgainAfterChange } from '../../../lib/query-client';
import { followedBoardsQueryOptions } from './get-followed-boards';
import { followingFeedQueryOptions } from './get-following-feed';

/** Stops following a board; its news leaves the Following page. */
export function useUnfollowBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (username: string) =>
      (await api.follows[':username'].$delete({ param: { username } })).json(),
    onSuccess: () => {
      readAgainAfterChange(queryClient, followedBoardsQueryOptions.queryKey);
      readAgainAfterChange(queryClient, followingFeedQueryOptions.queryKey);
    },
  });
}
