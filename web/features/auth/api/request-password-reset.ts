import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (json: { email: string }) =>
      (await api.auth['forgot-password'].$post({ json })).json(),
  });
}
