import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Deletes the account with its password; the caller signs out here after. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (password: string) =>
      (await api.account.$delete({ json: { password } })).json(),
  });
}
