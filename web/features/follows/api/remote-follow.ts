import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Finds the visitor's own server's page for following the board `username` from there. */
export function useRemoteFollow(username: string) {
  return useMutation({
    mutationFn: async (handle: string) =>
      (await api.fediverse['remote-follow'].$post({ json: { username, handle } })).json(),
  });
}
