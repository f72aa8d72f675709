import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const exports = {
  json: () => api.account.export.$get(),
  archive: () => api.account.export.archive.$get(),
  csv: () => api.account.export.blocks.$get(),
  letterboxd: () => api.account.export.letterboxd.$get({ query: {} }),
  'letterboxd-watchlist': () =>
    api.account.export.letterboxd.$get({ query: { list: 'watchlist' } }),
  goodreads: () => api.account.export.goodreads.$get(),
};

/**
 * What the person downloads: everything as one JSON file or as a ZIP with every image, their
 * blocks as CSV, or their films and books in the files Letterboxd and Goodreads import.
 */
export type ExportFormat = keyof typeof exports;

/** Downloads what Up2 holds about the person as the file the server names. */
export function useExportAccount() {
  return useMutation({
    mutationFn: async (format: ExportFormat) => {
      const response = await exports[format]();
      if (!response.ok) throw new Error('The download failed.');
      const name =
        response.headers.get('content-disposition')?.match(/filename="([^"]+)"/)?.[1] ??
        `up2-${format}`;
      const url = URL.createObjectURL(await response.blob());
      const link = Object.assign(document.createElement('a'), { href: url, download: name });
      link.click();
      URL.revokeObjectURL(url);
    },
  });
}
