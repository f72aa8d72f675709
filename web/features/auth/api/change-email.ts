import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailInput } from '../../../../schema/account';
import { api } from '../../../lib/api-client';

/** Asks to move the account to a new address: it moves once the link mailed there is followed. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: async (json: ChangeEmailInput) => (await api.account.email.$put({ json })).json(),
  });
}
