import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { api, errorMessage } from '../../../lib/api-client';
import { useBlocksChanged } from '../../../lib/board-changed';
import { readAgainAfterChange } from '../../../lib/query-client';
import { analyticsKeys } from '../../../lib/query-keys';
import { ownBlocksQueryOptions } from './get-own-blocks';
import { type OwnTabPage, ownTabsKey } from './get-own-tab';

/** Whatever the answer, the board is read again: the server's word on what it holds. */
function useAfterBlockChange() {
  const queryClient = useQueryClient();
  const blocksChanged = useBlocksChanged();
  return () => {
    blocksChanged();
    readAgainAfterChange(queryClient, analyticsKeys.all());
  };
}

function useDeleteBlock() {
  const settled = useAfterBlockChange();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.blocks[':id'].$delete({ param: { id: String(id) } })).json(),
    onSettled: settled,
  });
}

function useRestoreBlock() {
  const settled = useAfterBlockChange();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.blocks[':id'].restore.$post({ param: { id: String(id) } })).json(),
    onSettled: settled,
  });
}

/**
 * Deletes a block with an Undo in its toast. The server takes it off every public place at once
 * and keeps it for its undo window (whether or not this page stays open); Undo asks the server to
 * bring it back as it was (same id, counts and place).
 */
export function useDeleteBlockWithUndo() {
  const queryClient = useQueryClient();
  const deleteBlock = useDeleteBlock();
  const restoreBlock = useRestoreBlock();
  const ownBlocksKey = ownBlocksQueryOptions.queryKey;

  const undo = (id: number) =>
    restoreBlock.mutateAsync(id).catch((error: unknown) =>
      toast({
        title: 'Error',
        description: errorMessage(error, 'The block could not be brought back.'),
        variant: 'destructive',
      }),
    );

  return function deleteWithUndo(id: number) {
    void queryClient.cancelQueries({ queryKey: ownBlocksKey });
    queryClient.setQueryData(ownBlocksKey, (data) =>
      data ? { ...data, blocks: data.blocks.filter((block) => block.id !== id) } : data,
    );
    queryClient.setQueriesData<InfiniteData<OwnTabPage>>({ queryKey: ownTabsKey() }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              blocks: page.blocks.filter((block) => block.id !== id),
            })),
          }
        : data,
    );
    deleteBlock
      .mutateAsync(id)
      .then(() =>
        toast({
          title: 'Success',
          description: 'Activity block deleted successfully.',
          action: { label: 'Undo', onSelect: () => void undo(id) },
        }),
      )
      .catch(() =>
        toast({
          title: 'Error',
          description: 'Failed to delete activity block.',
          variant: 'destructive',
        }),
      );
  };
}
