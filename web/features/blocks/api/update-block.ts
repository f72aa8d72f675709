import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockInput } from '../../../../schema/blocks';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { boardKeys, discoverKeys } from '../../../lib/query-keys';
import { ownBlocksQueryOptions } from './get-own-blocks';

/** Sends the full block (the dialog's save and its "Move to …" buttons alike). */
export function useUpdateBlock() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: async ({ id, block }: { id: number; block: BlockInput }) =>
      (await api.blocks[':id{[0-9]+}'].$put({ param: { id: String(id) }, json: block })).json(),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ownBlocksQueryOptions.queryKey });
      if (user) queryClient.invalidateQueries({ queryKey: boardKeys.board(user.username) });
      queryClient.invalidateQueries({ queryKey: discoverKeys.all() });
    },
  });
}
