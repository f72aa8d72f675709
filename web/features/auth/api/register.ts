import { useMutation } from '@tanstack/react-query';
import type { RegisterInput } from '../../../../schema/users';
import { api } from '../../../lib/api-client';

export function useRegister() {
  return useMutation({
    mutationFn: async (json: RegisterInput) => (await api.auth.register.$post({ json })).json(),
  });
}
