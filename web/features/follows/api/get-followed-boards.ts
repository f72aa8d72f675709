import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The public boards the signed-in person follows: a board's Follow button reads its state here. */
export const followedBoardsQueryOptions = queryOptions({
  queryKey: ['follows', 'boards'] as const,
  queryFn: async ({ signal }) => (await api.follows.$get(undefined, { init: { signal } })).json(),
});

export function useFollowedBoards({ enabled }: { enabled: boolean }) {
  return useQuery({ ...followedBoardsQueryOptions, enabled });
}
