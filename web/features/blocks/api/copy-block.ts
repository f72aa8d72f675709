import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
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
      queryClient.invalidateQueries({ queryKey: ['boards', user?.username], exact: true });
      queryClient.invalidateQueries({ queryKey: ['discover'] });
    },
  });
}
