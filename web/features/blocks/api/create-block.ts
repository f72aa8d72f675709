import { useMutation } from '@tanstack/react-query';
import type { BlockInput } from '../../../../schema/blocks';
import { api } from '../../../lib/api-client';
import { useBlocksChanged } from '../../../lib/board-changed';

export function useCreateBlock() {
  const blocksChanged = useBlocksChanged();
  return useMutation({
    mutationFn: async (block: BlockInput) => (await api.blocks.$post({ json: block })).json(),
    onSuccess: () => blocksChanged(),
  });
}
