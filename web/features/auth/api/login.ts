import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginInput } from '../../../../schema/users';
import { api } from '../../../lib/api-client';

/** Only asks; the caller stores the session with `signIn` from useAuth. */
export function useLogin() {
  return useMutation({
    mutationFn: async (json: z.output<typeof loginInput>) =>
      (await api.auth.login.$post({ json })).json(),
  });
}
