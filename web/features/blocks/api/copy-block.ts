import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { queryKeys } from '../../../lib/query-keys';
import { ownBlocksQueryKey } from './get-own-blocks';

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
      queryClient.invalidateQueries({ queryKey: ownBlocksQueryKey });
      if (user) {
        queryClient.invalidateQueries({ queryKey: queryKeys.board(user.username), exact: true });
      }
      queryClient.invalidateQueries({ queryKey: queryKeys.discover() });
    },
  });
}
