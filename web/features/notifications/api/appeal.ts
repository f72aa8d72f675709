import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readAgainAfterChange } from '../../../lib/query-client';

/** The owner appeals a moderator's action on their board, once; the notice then says so. */
export function useAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (appeal: { actionId: number; text: string }) =>
      (await api.reports.appeals.$post({ json: appeal })).json(),
    onSuccess: () => readAgainAfterChange(queryClient, ['notifications', 'list']),
  });
}
