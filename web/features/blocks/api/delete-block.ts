import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { analyticsKeys, boardKeys, discoverKeys } from '../../../lib/query-keys';
import { ownBlocksQueryOptions } from './get-own-blocks';

export function useDeleteBlock() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.blocks[':id{[0-9]+}'].$delete({ param: { id: String(id) } })).json(),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ownBlocksQueryOptions.queryKey });
      if (user) queryClient.invalidateQueries({ queryKey: boardKeys.board(user.username) });
      queryClient.invalidateQueries({ queryKey: discoverKeys.all() });
      queryClient.invalidateQueries({ queryKey: analyticsKeys.all() });
    },
  });
}
