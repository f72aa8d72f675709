import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { boardKeys, discoverKeys, ownBlocksKey } from '../../../lib/query-keys';
import type { ImportRequest } from './preview-import';

export function useImportBlocks() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: async ({ source, file, list, covers }: ImportRequest) =>
      (
        await api.import[':source'].$post({
          param: { source },
          form: { file, ...(list && { list }), ...(covers && { covers: 'true' }) },
        })
      ).json(),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ownBlocksKey() });
      if (user) queryClient.invalidateQueries({ queryKey: boardKeys.board(user.username) });
      queryClient.invalidateQueries({ queryKey: discoverKeys.all() });
    },
  });
}
