import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dismissToast, toast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api-client';
import { useBlocksChanged } from '../../../lib/board-changed';
import { readAgainAfterChange } from '../../../lib/query-client';
import { analyticsKeys } from '../../../lib/query-keys';
import { blocksAwaitingDelete, ownBlocksQueryOptions } from './get-own-blocks';

/** How long a deleted block can be brought back: its DELETE is sent only once this has passed. */
const undoDeleteMs = 5000;

function useDeleteBlock() {
  const queryClient = useQueryClient();
  const blocksChanged = useBlocksChanged();
  return useMutation({
    mutationFn: async ({ id, keepalive = false }: { id: number; keepalive?: boolean }) =>
      (
        await api.blocks[':id'].$delete({ param: { id: String(id) } }, { init: { keepalive } })
      ).json(),
    onSuccess: () => {
      blocksChanged();
      readAgainAfterChange(queryClient, analyticsKeys.all());
    },
  });
}

/** Deletions still inside their undo window, each sent at once if the page goes away. */
const pendingDeletes = new Map<number, () => void>();

function sendPendingDeletes() {
  for (const send of [...pendingDeletes.values()]) send();
}

/**
 * Deletes a block with an Undo in its toast. The block leaves the list at once, but the server
 * keeps it until the undo window has passed, so Undo brings back exactly what was there (same
 * id, counts and place) without re-creating anything.
 */
export function useDeleteBlockWithUndo() {
  const queryClient = useQueryClient();
  const deleteBlock = useDeleteBlock();
  const ownBlocksKey = ownBlocksQueryOptions.queryKey;

  return function deleteWithUndo(id: number) {
    const before = queryClient.getQueryData(ownBlocksKey);
    const index = before?.blocks.findIndex((block) => block.id === id) ?? -1;
    const removed = before?.blocks[index];
    blocksAwaitingDelete.add(id);
    void queryClient.cancelQueries({ queryKey: ownBlocksKey });
    queryClient.setQueryData(ownBlocksKey, (data) =>
      data ? { ...data, blocks: data.blocks.filter((block) => block.id !== id) } : data,
    );

    let toastId = 0;
    const settle = () => {
      clearTimeout(timer);
      pendingDeletes.delete(id);
      if (pendingDeletes.size === 0) window.removeEventListener('pagehide', sendPendingDeletes);
    };
    const send = (keepalive: boolean) => {
      if (!pendingDeletes.has(id)) return;
      settle();
      dismissToast(toastId);
      deleteBlock
        .mutateAsync({ id, keepalive })
        .then(() => blocksAwaitingDelete.delete(id))
        .catch(() => {
          blocksAwaitingDelete.delete(id);
          readAgainAfterChange(queryClient, ownBlocksKey);
          toast({
            title: 'Error',
            description: 'Failed to delete activity block.',
            variant: 'destructive',
          });
        });
    };
    const undo = () => {
      if (!pendingDeletes.has(id)) return;
      settle();
      blocksAwaitingDelete.delete(id);
      if (removed) {
        queryClient.setQueryData(ownBlocksKey, (data) => {
          if (!data || data.blocks.some((block) => block.id === id)) return data;
          const blocks = [...data.blocks];
          blocks.splice(Math.min(index, blocks.length), 0, removed);
          return { ...data, blocks };
        });
      }
      readAgainAfterChange(queryClient, ownBlocksKey);
    };

    const timer = setTimeout(() => send(false), undoDeleteMs);
    pendingDeletes.set(id, () => send(true));
    // keepalive lets the request outlive the page, so closing the tab still deletes the block.
    window.addEventListener('pagehide', sendPendingDeletes);
    toastId = toast({
      title: 'Success',
      description: 'Activity block deleted successfully.',
      action: { label: 'Undo', onSelect: undo },
    });
  };
}
