import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api } from '../../../lib/api-client';
import { readAgainAfterChange } from '../../../lib/query-client';
import { feedbackListsKey } from './get-feedback';

export type FeedbackChange = InferRequestType<(typeof api.feedback)[':id']['$patch']>['json'];

export function useUpdateFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, change }: { id: number; change: FeedbackChange }) =>
      (await api.feedback[':id'].$patch({ param: { id: String(id) }, json: change })).json(),
    // Returning the refetch keeps the mutation pending until the list shows the new value.
    onSuccess: () => readAgainAfterChange(queryClient, feedbackListsKey),
  });
}
