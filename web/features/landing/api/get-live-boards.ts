import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '../../../lib/api-client';
import type { LiveBoardUser } from '../components/live-boards';

type DiscoverPage = InferResponseType<typeof api.discover.$get, 200>;

/** Explore Live Boards shows up to 8 people: the public boards changed last. */
export const liveBoardsLimit = 8;

/**
 * Under `['discover']`, so a profile change refreshes it with the other lists. The limit makes
 * the key an object, which no search text can collide with.
 */
export const liveBoardsQueryKey = ['discover', { limit: liveBoardsLimit }] as const;

/** Only who they are: the landing page shows no blocks, and carries no more than it shows. */
export function liveBoardUsers(page: DiscoverPage): LiveBoardUser[] {
  return page.boards.map(({ user }) => ({
    username: user.username,
    displayName: user.displayName,
    bio: user.bio,
    avatar: user.avatar,
  }));
}

export function useLiveBoards() {
  return useQuery(
    queryOptions({
      queryKey: liveBoardsQueryKey,
      queryFn: async () => {
        const query = { limit: String(liveBoardsLimit) };
        return liveBoardUsers(await (await api.discover.$get({ query })).json());
      },
    }),
  );
}
