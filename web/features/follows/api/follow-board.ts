import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readAgainAfterChange } from '../../../lib/query-client';
import { followedBoardsQueryOptions } from './get-followed-boards';
import { followingFeedQueryOptions } from './get-following-feed';

/** Follows a board; idempotent on the server, so a press carried out late or twice is harmless. */
export function useFollowBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (username: string) =>
      (await api.follows[':username'].$post({ param: { username } })).json(),
    onSuccess: () => {
      readAgainAfterChange(queryClient, followedBoardsQueryOptions.queryKey);
      readAgainAfterChange(queryClient, followingFeedQueryOptions.queryKey);
    },
  });
}
