import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readAgainAfterChange } from '../../../lib/query-client';
import { fediverseBlockedQueryOptions } from './get-fediverse-blocked';

/** Lifts one of the owner's blocks: that account or server may follow and answer again. */
export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.fediverse.blocked[':id'].$delete({ param: { id: String(id) } })).json(),
    onSuccess: () => readAgainAfterChange(queryClient, fediverseBlockedQueryOptions.queryKey),
  });
}
