import { useMutation } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { ImportSource } from '../../../../schema/imports';
import { api } from '../../../lib/api-client';

export type ImportPreview = InferResponseType<
  (typeof api.import)[':source']['preview']['$post'],
  200
>;

export type ImportRequest = { source: ImportSource; file: File };

/** What the server reads in the file and would add; it changes nothing, so it refreshes nothing. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: async ({ source, file }: ImportRequest) =>
      (await api.import[':source'].preview.$post({ param: { source }, form: { file } })).json(),
  });
}
