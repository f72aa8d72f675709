import { useMutation } from '@tanstack/react-query';
import { api, createOnce } from '../../../lib/api-client';
import { useBlocksChanged } from '../../../lib/board-changed';

/**
 * Copies another person's block onto the viewer's board. The board being looked at is left
 * alone: fetching it again would count another view.
 */
export function useCopyBlock() {
  const blocksChanged = useBlocksChanged();
  return useMutation({
    mutationFn: (id: number) =>
      createOnce(async (options) =>
        (await api.blocks[':id'].copy.$post({ param: { id: String(id) } }, options)).json(),
      ),
    onSuccess: () => blocksChanged(),
  });
}
