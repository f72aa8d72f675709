import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { readAgainAfterChange } from '../../../lib/query-client';

/**
 * Follows the emailed link's token (no sign-in needed: the link is the proof); a signed-in
 * account reads itself again, proven or moved to the new address.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) =>
      (await api['email-verification'].confirm.$post({ json: { token } })).json(),
    onSuccess: () => readAgainAfterChange(queryClient, currentUserQueryOptions(true).queryKey),
  });
}

/** Mails the account's address a new link that proves it. */
export function useResendVerification() {
  return useMutation({
    mutationFn: async () => (await api['email-verification'].$post()).json(),
  });
}
