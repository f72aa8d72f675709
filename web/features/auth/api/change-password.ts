import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '../../../../schema/account';
import { api } from '../../../lib/api-client';

/** A new password; the account's other sessions end, this one stays. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (json: ChangePasswordInput) =>
      (await api.account.password.$put({ json })).json(),
  });
}
