import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '../../../lib/api-client';

type FollowingFeedPage = InferResponseType<typeof api.following.feed.$get, 200>;
export type FollowingNewsItem = FollowingFeedPage['items'][number];

/** The news of the boards the signed-in person follows, newest first, a page at a time. */
export const followingFeedQueryOptions = infiniteQueryOptions({
  queryKey: ['follows', 'feed'] as const,
  queryFn: async ({ pageParam, signal }) =>
    (
      await api.following.feed.$get(
        { query: pageParam ? { cursor: pageParam } : {} },
        { init: { signal } },
      )
    ).json(),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

export function useFollowingFeed() {
  return useInfiniteQuery(followingFeedQueryOptions);
}
