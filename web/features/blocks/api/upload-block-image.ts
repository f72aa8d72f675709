import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Stores a picture for a block and answers its URL; the block keeps it only once saved. */
export function useUploadBlockImage() {
  return useMutation({
    mutationFn: async (file: File) =>
      (await api.upload['block-image'].$post({ form: { file } })).json(),
  });
}
