import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput } from '../../../../schema/users';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from './get-current-user';

/**
 * Changes the signed-in user's profile or privacy. The answer replaces the cached user; the
 * discover list and the user's public board show the profile, so they are read again.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: ProfileUpdateInput) => (await api.auth.me.$put({ json })).json(),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      queryClient.invalidateQueries({ queryKey: ['discover'] });
      queryClient.invalidateQueries({ queryKey: ['boards', user.username] });
    },
  });
}
