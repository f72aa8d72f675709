import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** What the page at a link says about itself, with its picture copied to Up2; nothing is cached. */
export function useUnfurlLink() {
  return useMutation({
    mutationFn: async (url: string) => (await api.unfurl.$post({ json: { url } })).json(),
  });
}
