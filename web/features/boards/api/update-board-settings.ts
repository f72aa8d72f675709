import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { z } from 'zod';
import type { boardSettingsInput } from '../../../../schema/boards';
import { api } from '../../../lib/api-client';
import { readAgainAfterChange } from '../../../lib/query-client';
import { boardKeys, ownBlocksKey } from '../../../lib/query-keys';

type BoardSettingsChange = z.output<typeof boardSettingsInput>;
type OwnBlocks = InferResponseType<typeof api.blocks.me.$get, 200>;

/** The owner's blocks and board settings live together in one query (blocks/api/get-own-blocks). */
const ownBlocksQueryKey = ownBlocksKey();

/**
 * Saves the board-wide image ratio or hide-images choice. The owner's board shows the change at
 * once; a refusal puts the previous settings back.
 */
export function useUpdateBoardSettings() {
  const queryClient = useQueryClient();
  const setBoard = (update: (board: OwnBlocks['board']) => OwnBlocks['board']) =>
    queryClient.setQueryData<OwnBlocks>(ownBlocksQueryKey, (cached) =>
      cached ? { ...cached, board: update(cached.board) } : cached,
    );

  return useMutation({
    mutationFn: async (json: BoardSettingsChange) => (await api.boards.me.$put({ json })).json(),
    onMutate: async (change) => {
      const previous = queryClient.getQueryData<OwnBlocks>(ownBlocksQueryKey)?.board;
      const changed = (board: OwnBlocks['board']) => ({ ...board, ...change });
      // Shown before the cancel below, so a refetch landing meanwhile cannot show the old settings;
      // and again after it, since cancelling a refetch puts back the data it started from.
      setBoard(changed);
      await queryClient.cancelQueries({ queryKey: ownBlocksQueryKey });
      setBoard(changed);
      return { previous };
    },
    onError: (_error, _change, context) => {
      const previous = context?.previous;
      if (previous) setBoard(() => previous);
    },
    onSuccess: ({ board }) => {
      setBoard(() => board);
      readAgainAfterChange(queryClient, boardKeys.all());
    },
  });
}
