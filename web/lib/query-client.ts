import { QueryClient, type QueryKey } from '@tanstack/react-query';

/** Data is read once and kept: no refetch on focus, no polling, never stale, no retries. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/** Data a server-rendered page was drawn from, per query, for the browser to start with. */
export type SeededQuery = { queryKey: QueryKey; data: unknown };

export function seedQueries(queryClient: QueryClient, seeds: SeededQuery[]) {
  for (const { queryKey, data } of seeds) queryClient.setQueryData(queryKey, data);
}

/**
 * Reads a query again after a change to what it lists. A first read still under way began before
 * the change: invalidating alone would wait for it and keep its stale answer, so it is cancelled
 * and made again.
 */
export async function readAgainAfterChange(queryClient: QueryClient, queryKey: QueryKey) {
  await queryClient.cancelQueries({ queryKey });
  return queryClient.invalidateQueries({ queryKey });
}
