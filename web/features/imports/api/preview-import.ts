import { useMutation } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { ImportSource, LetterboxdList } from '../../../../schema/imports';
import { api } from '../../../lib/api-client';
import { fetchReportingUpload } from './upload-progress';

export type ImportPreview = InferResponseType<
  (typeof api.import)[':source']['preview']['$post'],
  200
>;

export type ImportRequest = {
  source: ImportSource;
  file: File;
  /** Which Letterboxd list a file is, when its columns and name do not say. */
  list?: LetterboxdList;
  /** Look up each book's cover on Open Library. */
  covers?: boolean;
  /** Told how much of the file was sent, from 0 to 1. */
  onUpload?: (fraction: number) => void;
};

/** The typed client's options for a file's upload: a fetch that reports its progress. */
export const uploadOptions = (onUpload?: (fraction: number) => void) =>
  onUpload ? { fetch: fetchReportingUpload(onUpload) } : {};

/** What the server reads in the file and would add; it changes nothing, so it refreshes nothing. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: async ({ source, file, list, onUpload }: ImportRequest) =>
      (
        await api.import[':source'].preview.$post(
          { param: { source }, form: list ? { file, list } : { file } },
          uploadOptions(onUpload),
        )
      ).json(),
  });
}
