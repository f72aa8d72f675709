import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '../../../lib/api-client';

type InteractionsPage = InferResponseType<typeof api.fediverse.interactions.$get, 200>;
export type FediverseInteraction = InteractionsPage['interactions'][number];

/** The likes, boosts and replies the owner's stories got from other servers, newest first. */
export const fediverseInteractionsQueryOptions = infiniteQueryOptions({
  queryKey: ['fediverse', 'interactions'] as const,
  queryFn: async ({ pageParam, signal }) =>
    (
      await api.fediverse.interactions.$get(
        { query: pageParam ? { before: String(pageParam) } : {} },
        { init: { signal } },
      )
    ).json(),
  initialPageParam: null as number | null,
  getNextPageParam: (page) => page.nextBefore,
});

export function useFediverseInteractions() {
  return useInfiniteQuery(fediverseInteractionsQueryOptions);
}
