import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '../../../lib/api-client';

export type FeedbackItem = InferResponseType<typeof api.feedback.$get, 200>[number];

/** Only the owner account may list feedback: mount this for a signed-in admin only. */
export const feedbackListQueryOptions = queryOptions({
  queryKey: ['feedback'] as const,
  queryFn: async () => (await api.feedback.$get()).json(),
});

export function useFeedbackList() {
  return useQuery(feedbackListQueryOptions);
}
