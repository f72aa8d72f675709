import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { ApiRequestError, api } from '../../../lib/api-client';

export type YearInReview = InferResponseType<
  (typeof api.boards)[':username']['years'][':year']['$get'],
  200
>;

/** A board's year in review, or null when there is none to see (private, unknown, to come). */
export function yearQueryOptions(username: string, year: string) {
  return queryOptions({
    queryKey: ['years', username, year] as const,
    queryFn: async ({ signal }): Promise<YearInReview | null> => {
      try {
        const answer = await api.boards[':username'].years[':year'].$get(
          { param: { username, year } },
          { init: { signal } },
        );
        return await answer.json();
      } catch (error) {
        if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) {
          return null;
        }
        throw error;
      }
    },
    enabled: username.length > 0,
  });
}

export function useYear(username: string, year: string) {
  return useQuery(yearQueryOptions(username, year));
}
