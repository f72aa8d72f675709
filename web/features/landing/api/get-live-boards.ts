import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '../../../lib/api-client';
import { discoverKeys } from '../../../lib/query-keys';
import type { LiveBoardUser } from '../components/live-boards';

type DiscoverPage = InferResponseType<typeof api.discover.$get, 200>;

/** Explore Live Boards shows up to 8 people: the public boards changed last. */
export const liveBoardsLimit = 8;

/** Only who they are: the landing page shows no blocks, and carries no more than it shows. */
export function liveBoardUsers(page: DiscoverPage): LiveBoardUser[] {
  return page.boards.map(({ user }) => ({
    username: user.username,
    displayName: user.displayName,
    bio: user.bio,
    avatar: user.avatar,
  }));
}

/**
 * Discover's newest boards, so a profile change refreshes them with Discover's searches. The
 * server seeds this query (web/server.tsx) from the landing page it renders.
 */
export const liveBoardsQueryOptions = queryOptions({
  queryKey: discoverKeys.liveBoards(liveBoardsLimit),
  queryFn: async ({ signal }) => {
    const query = { limit: String(liveBoardsLimit) };
    return liveBoardUsers(await (await api.discover.$get({ query }, { init: { signal } })).json());
  },
});

export function useLiveBoards() {
  return useQuery(liveBoardsQueryOptions);
}
