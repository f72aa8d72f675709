import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { ownBlocksQueryKey } from './get-own-blocks';

export function useDeleteBlock() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.blocks[':id{[0-9]+}'].$delete({ param: { id: String(id) } })).json(),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ownBlocksQueryKey });
      queryClient.invalidateQueries({ queryKey: ['boards', user?.username] });
      queryClient.invalidateQueries({ queryKey: ['discover'] });
      queryClient.invalidateQueries({ queryKey: ['analytics'] });
    },
  });
}
