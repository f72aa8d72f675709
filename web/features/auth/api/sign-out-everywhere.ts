import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Ends every session of the account, this one too: the caller signs out here after. */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: async () => (await api.account['sign-out-everywhere'].$post()).json(),
  });
}
