import { useMutation } from '@tanstack/react-query';
import { api, createOnce } from '../../../lib/api-client';
import { useBlocksChanged } from '../../../lib/board-changed';
import { type ImportRequest, uploadOptions } from './preview-import';

export function useImportBlocks() {
  const blocksChanged = useBlocksChanged();
  return useMutation({
    mutationFn: ({ source, file, list, covers, onUpload }: ImportRequest) =>
      createOnce(async (options) =>
        (
          await api.import[':source'].$post(
            {
              param: { source },
              form: { file, ...(list && { list }), ...(covers && { covers: 'true' }) },
            },
            { ...options, ...uploadOptions(onUpload) },
          )
        ).json(),
      ),
    onSuccess: () => blocksChanged(),
  });
}
