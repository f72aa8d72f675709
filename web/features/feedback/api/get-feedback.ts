import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { FeedbackListFilters } from '../../../../schema/feedback';
import { api } from '../../../lib/api-client';

export type FeedbackItem = InferResponseType<typeof api.feedback.$get, 200>[number];

/** The prefix of every filtered list: a change to one item refreshes them all. */
export const feedbackListsKey = ['feedback'] as const;

/** Only the owner account may list feedback: mount this for a signed-in admin only. */
function feedbackListQueryOptions(filters: FeedbackListFilters) {
  return queryOptions({
    queryKey: [...feedbackListsKey, filters] as const,
    queryFn: async ({ signal }) =>
      (await api.feedback.$get({ query: filters }, { init: { signal } })).json(),
  });
}

export function useFeedbackList(filters: FeedbackListFilters) {
  return useQuery(feedbackListQueryOptions(filters));
}
