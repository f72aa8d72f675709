import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** What the person downloads: everything as one JSON file, or their blocks as CSV. */
export type ExportFormat = 'json' | 'csv';

const exports = {
  json: () => api.account.export.$get(),
  csv: () => api.account.export.blocks.$get(),
};

/** Downloads what Up2 holds about the person as the file the server names. */
export function useExportAccount() {
  return useMutation({
    mutationFn: async (format: ExportFormat) => {
      const response = await exports[format]();
      if (!response.ok) throw new Error('The download failed.');
      const name =
        response.headers.get('content-disposition')?.match(/filename="([^"]+)"/)?.[1] ??
        `up2-data.${format}`;
      const url = URL.createObjectURL(await response.blob());
      const link = Object.assign(document.createElement('a'), { href: url, download: name });
      link.click();
      URL.revokeObjectURL(url);
    },
  });
}
