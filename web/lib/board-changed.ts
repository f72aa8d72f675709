import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from './auth';
import { readAgainAfterChange } from './query-client';
import { boardKeys, discoverKeys, ownBlocksKey } from './query-keys';

type ChangedBoard = {
  /** Whose board changed; nothing of a board is refreshed before its owner is known. */
  username: string | undefined;
  /** Whether its blocks changed, so the owner's own list of them is read again too. */
  blocks: boolean;
};

/**
 * What a change to a board makes stale: its page, and Discover, whose cards show it (its latest
 * news, its owner's name); when the blocks changed, the owner's own list of them as well. Every
 * mutation that changes a board refreshes through here, so none can forget a dependant.
 */
export function invalidateChangedBoard(
  queryClient: QueryClient,
  { username, blocks }: ChangedBoard,
): Promise<unknown> {
  return Promise.all([
    blocks && readAgainAfterChange(queryClient, ownBlocksKey()),
    username && readAgainAfterChange(queryClient, boardKeys.board(username)),
    readAgainAfterChange(queryClient, discoverKeys.all()),
  ]);
}

/** For a mutation of the signed-in person's blocks: call it once they have changed. */
export function useBlocksChanged(): () => void {
  const queryClient = useQueryClient();
  const username = useAuth().user?.username;
  return useCallback(
    () => void invalidateChangedBoard(queryClient, { username, blocks: true }),
    [queryClient, username],
  );
}
