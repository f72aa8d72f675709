import { useMutation } from '@tanstack/react-query';
import type { BlockInput } from '../../../../schema/blocks';
import { api, createOnce } from '../../../lib/api-client';
import { useBlocksChanged } from '../../../lib/board-changed';

export function useCreateBlock() {
  const blocksChanged = useBlocksChanged();
  return useMutation({
    mutationFn: (block: BlockInput) =>
      createOnce(async (options) => (await api.blocks.$post({ json: block }, options)).json()),
    onSuccess: () => blocksChanged(),
  });
}
