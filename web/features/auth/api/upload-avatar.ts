import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Stores the picture and answers its URL; the profile keeps it only once the form is saved. */
export function useUploadAvatar() {
  return useMutation({
    mutationFn: async (file: File) => (await api.upload.avatar.$post({ form: { file } })).json(),
  });
}
