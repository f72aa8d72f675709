import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { myAnalyticsQueryOptions } from '../features/analytics/api/get-my-analytics';
import { ownBlocksQueryOptions } from '../features/blocks/api/get-own-blocks';
import { boardQueryOptions } from '../features/boards/api/get-board';
import { discoverQueryOptions } from '../features/discover/api/get-discover';
import { trendingQueryOptions } from '../features/discover/api/get-trending';
import { followedBoardsQueryOptions } from '../features/follows/api/get-followed-boards';
import { followingFeedQueryOptions } from '../features/follows/api/get-following-feed';
import { liveBoardsQueryOptions } from '../features/landing/api/get-live-boards';
import { currentUserQueryOptions } from '../lib/current-user';
import { createQueryClient } from '../lib/query-client';
import { answerApi, heldAnswer } from './api-answers';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a superseded query', () => {
  it('has its request cancelled when a new search replaces it', async () => {
    const calls = answerApi(() => heldAnswer().response);
    const queryClient = createQueryClient();
    const search = new InfiniteQueryObserver(
      queryClient,
      discoverQueryOptions({ q: 'ma', category: null }),
    );
    const unsubscribe = search.subscribe(() => undefined);
    await vi.waitFor(() => expect(calls).toHaveLength(1));

    search.setOptions(discoverQueryOptions({ q: 'maya', category: null }));
    await vi.waitFor(() => expect(calls).toHaveLength(2));

    expect(calls.map((call) => call.path)).toEqual(['/api/discover?q=ma', '/api/discover?q=maya']);
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(calls[1]?.signal.aborted).toBe(false);
    unsubscribe();
  });

  it('has its request cancelled when the board it reads is left for another', async () => {
    const calls = answerApi(() => heldAnswer().response);
    const board = new QueryObserver(createQueryClient(), boardQueryOptions('maya'));
    const unsubscribe = board.subscribe(() => undefined);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    board.setOptions(boardQueryOptions('leo'));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(calls[1]?.signal.aborted).toBe(false);
    unsubscribe();
  });
});

describe('every query', () => {
  const fetches: Record<string, (queryClient: QueryClient) => Promise<unknown>> = {
    'the own blocks': (client) => client.fetchQuery(ownBlocksQueryOptions),
    'a board': (client) => client.fetchQuery(boardQueryOptions('maya')),
    'a Discover search': (client) =>
      client.fetchInfiniteQuery(discoverQueryOptions({ q: 'maya', category: 'creative' })),
    'the trending row': (client) => client.fetchQuery(trendingQueryOptions(null)),
    'the live boards': (client) => client.fetchQuery(liveBoardsQueryOptions),
    'the followed boards': (client) => client.fetchQuery(followedBoardsQueryOptions),
    'the following feed': (client) => client.fetchInfiniteQuery(followingFeedQueryOptions),
    'the analytics': (client) => client.fetchQuery(myAnalyticsQueryOptions),
    'the signed-in person': (client) => client.fetchQuery(currentUserQueryOptions(true)),
  };

  for (const [name, fetchQuery] of Object.entries(fetches)) {
    it(`sends its request with the query's signal: ${name}`, async () => {
      const calls = answerApi(() => heldAnswer().response);
      const queryClient = new QueryClient();
      const fetching = fetchQuery(queryClient).catch(() => undefined);
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      await queryClient.cancelQueries();
      await fetching;
      expect(calls[0]?.signal.aborted).toBe(true);
    });
  }
});
