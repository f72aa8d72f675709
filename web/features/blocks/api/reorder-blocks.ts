import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockStatus } from '../../../../schema/block-values';
import { toast } from '../../../components/ui/use-toast';
import { api, errorMessage } from '../../../lib/api-client';
import { useBlocksChanged } from '../../../lib/board-changed';
import { withTabOrder } from '../block-order';
import { ownBlocksQueryOptions } from './get-own-blocks';

type TabOrder = { status: BlockStatus; ids: number[] };

const reorderKey = ['blocks', 'order'] as const;

/**
 * Puts one tab's blocks in order. The dashboard shows the new order at once and goes back to the
 * old one if the server refuses it. Orders are sent one after another (one mutation scope), so
 * two quick moves reach the server in the order they were made.
 */
export function useReorderBlocks() {
  const queryClient = useQueryClient();
  const blocksChanged = useBlocksChanged();
  const ownBlocksKey = ownBlocksQueryOptions.queryKey;
  return useMutation({
    mutationKey: reorderKey,
    scope: { id: 'block-order' },
    mutationFn: async (order: TabOrder) => (await api.blocks.order.$put({ json: order })).json(),
    onMutate: async ({ status, ids }) => {
      await queryClient.cancelQueries({ queryKey: ownBlocksKey });
      const before = queryClient.getQueryData(ownBlocksKey);
      queryClient.setQueryData(ownBlocksKey, (data) =>
        data ? { ...data, blocks: withTabOrder(data.blocks, status, ids) } : data,
      );
      return { before };
    },
    onError: (error, _order, context) => {
      if (context?.before) queryClient.setQueryData(ownBlocksKey, context.before);
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to save the new order. Please try again.'),
        variant: 'destructive',
      });
    },
    onSettled: () => {
      // A later move still on its way would be undone on screen by a refetch of the older state.
      if (queryClient.isMutating({ mutationKey: reorderKey }) > 1) return;
      blocksChanged();
    },
  });
}
