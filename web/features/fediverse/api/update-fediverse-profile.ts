import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { invalidateChangedBoard } from '../../../lib/board-changed';
import { fediverseProfileQueryOptions } from './get-fediverse-profile';

export type FediverseProfileChange = InferRequestType<typeof api.fediverse.profile.$patch>['json'];

/**
 * Names the accounts the owner had before, or moves the board to a new account (its followers are
 * sent a Move): the server checks each account first, and its answer replaces the cached one. The
 * board's page says where it moved, so it is read again.
 */
export function useUpdateFediverseProfile() {
  const queryClient = useQueryClient();
  const username = useAuth().user?.username;
  return useMutation({
    mutationFn: async (json: FediverseProfileChange) =>
      (await api.fediverse.profile.$patch({ json })).json(),
    onSuccess: (profile) => {
      queryClient.setQueryData(fediverseProfileQueryOptions.queryKey, profile);
      invalidateChangedBoard(queryClient, { username, blocks: false });
    },
  });
}
