import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/current-user';

/** Confirms updates with the token of the emailed link (no sign-in needed: the link is the proof). */
export function useConfirmUpdates() {
  return useMutation({
    mutationFn: async (token: string) =>
      (await api['email-updates'].confirm.$post({ json: { token } })).json(),
  });
}

/** Mails a link that confirms updates; they count once it is opened. */
export function useAskForUpdates() {
  return useMutation({
    mutationFn: async () => (await api['email-updates'].$post()).json(),
  });
}

/** Stops updates at once; the answer is the account as it now is. */
export function useStopUpdates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api['email-updates'].$delete()).json(),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(currentUserQueryOptions(true).queryKey, user);
    },
  });
}
