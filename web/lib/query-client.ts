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
