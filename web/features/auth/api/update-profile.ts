import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput } from '../../../../schema/users';
import { api } from '../../../lib/api-client';
import { invalidateChangedBoard } from '../../../lib/board-changed';
import { currentUserQueryOptions } from '../../../lib/current-user';

/**
 * Changes the signed-in user's profile or privacy. The answer replaces the cached user; the
 * discover list and the user's public board show the profile, so they are read again.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: ProfileUpdateInput) => (await api.auth.me.$put({ json })).json(),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(currentUserQueryOptions(true).queryKey, user);
      invalidateChangedBoard(queryClient, { username: user.username, blocks: false });
    },
  });
}
