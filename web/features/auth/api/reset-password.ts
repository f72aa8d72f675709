import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useResetPassword() {
  return useMutation({
    mutationFn: async (json: { token: string; newPassword: string }) =>
      (await api.auth['reset-password'].$post({ json })).json(),
  });
}
