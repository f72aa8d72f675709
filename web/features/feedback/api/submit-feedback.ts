import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api } from '../../../lib/api-client';
import { readAgainAfterChange } from '../../../lib/query-client';
import { feedbackListsKey } from './get-feedback';

export type FeedbackSubmission = InferRequestType<typeof api.feedback.$post>['json'];

export function useSubmitFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: FeedbackSubmission) => (await api.feedback.$post({ json })).json(),
    onSuccess: () => readAgainAfterChange(queryClient, feedbackListsKey),
  });
}
