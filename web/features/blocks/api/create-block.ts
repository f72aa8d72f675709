import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockInput } from '../../../../schema/blocks';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { boardKeys, discoverKeys } from '../../../lib/query-keys';
import { ownBlocksQueryOptions } from './get-own-blocks';

export function useCreateBlock() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: async (block: BlockInput) => (await api.blocks.$post({ json: block })).json(),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ownBlocksQueryOptions.queryKey });
      if (user) queryClient.invalidateQueries({ queryKey: boardKeys.board(user.username) });
      queryClient.invalidateQueries({ queryKey: discoverKeys.all() });
    },
  });
}
