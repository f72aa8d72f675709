import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unreadCountQueryOptions } from './get-unread-count';

/** Reads everything up to the newest notification the list showed; the badge takes the new count. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (upTo: number) =>
      (await api.notifications.read.$post({ json: { upTo } })).json(),
    onSuccess: (answer) => {
      queryClient.setQueryData(unreadCountQueryOptions.queryKey, answer);
    },
  });
}
