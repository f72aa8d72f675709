import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailInput } from '../../../../schema/account';
import { api } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/current-user';

/** A new address: the answer replaces the cached account. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: ChangeEmailInput) => (await api.account.email.$put({ json })).json(),
    onSuccess: ({ user }) => queryClient.setQueryData(currentUserQueryOptions(true).queryKey, user),
  });
}
