import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { boardKeys, discoverKeys } from '../../../lib/query-keys';
import { ownBlocksQueryOptions } from './get-own-blocks';

/**
 * Copies another person's block onto the viewer's board. The board being looked at is left
 * alone: fetching it again would count another view.
 */
export function useCopyBlock() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.blocks[':id{[0-9]+}'].copy.$post({ param: { id: String(id) } })).json(),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ownBlocksQueryOptions.queryKey });
      if (user) {
        queryClient.invalidateQueries({ queryKey: boardKeys.board(user.username), exact: true });
      }
      queryClient.invalidateQueries({ queryKey: discoverKeys.all() });
    },
  });
}
