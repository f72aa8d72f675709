import { useMutation } from '@tanstack/react-query';
import type { BlockInput } from '../../../../schema/blocks';
import { api } from '../../../lib/api-client';
import { useBlocksChanged } from '../../../lib/board-changed';

/** Sends the full block (the dialog's save and its "Move to …" buttons alike). */
export function useUpdateBlock() {
  const blocksChanged = useBlocksChanged();
  return useMutation({
    mutationFn: async ({ id, block }: { id: number; block: BlockInput }) =>
      (await api.blocks[':id'].$put({ param: { id: String(id) }, json: block })).json(),
    onSuccess: () => blocksChanged(),
  });
}
