import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useBlocksChanged } from '../../../lib/board-changed';
import type { ImportRequest } from './preview-import';

export function useImportBlocks() {
  const blocksChanged = useBlocksChanged();
  return useMutation({
    mutationFn: async ({ source, file, list, covers }: ImportRequest) =>
      (
        await api.import[':source'].$post({
          param: { source },
          form: { file, ...(list && { list }), ...(covers && { covers: 'true' }) },
        })
      ).json(),
    onSuccess: () => blocksChanged(),
  });
}
