import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Downloads everything Up2 holds about the person as the file the server names. */
export function useExportAccount() {
  return useMutation({
    mutationFn: async () => {
      const response = await api.account.export.$get();
      const name =
        response.headers.get('content-disposition')?.match(/filename="([^"]+)"/)?.[1] ??
        'up2-data.json';
      const url = URL.createObjectURL(await response.blob());
      const link = Object.assign(document.createElement('a'), { href: url, download: name });
      link.click();
      URL.revokeObjectURL(url);
    },
  });
}
