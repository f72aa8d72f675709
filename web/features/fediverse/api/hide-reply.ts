import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readAgainAfterChange } from '../../../lib/query-client';
import { fediverseInteractionsQueryOptions } from './get-fediverse-interactions';

/** Hides a reply to one of the owner's stories, or shows it again. */
export function useHideReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, hidden }: { id: number; hidden: boolean }) =>
      (
        await api.fediverse.interactions[':id'].hidden.$put({
          param: { id: String(id) },
          json: { hidden },
        })
      ).json(),
    onSuccess: () => readAgainAfterChange(queryClient, fediverseInteractionsQueryOptions.queryKey),
  });
}
