import { QueryClient } from '@tanstack/react-query';

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
