import {
  type InfiniteData,
  type QueryClient,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { type BlockStatus, blockStatuses } from '../../../../schema/block-values';
import { toast } from '../../../components/ui/use-toast';
import { api, errorMessage } from '../../../lib/api-client';
import { useBlocksChanged } from '../../../lib/board-changed';
import { ownBlocksKey } from '../../../lib/query-keys';
import { withBlockPlaced } from '../block-order';
import { type Block, type OwnBlocks, ownBlocksQueryOptions } from './get-own-blocks';
import { type OwnTabPage, ownTabKey } from './get-own-tab';

/** Block `id` goes into tab `status` right after block `after`, or first when null. */
export type Placement = { id: number; status: BlockStatus; after: number | null };

const placeKey = ['blocks', 'place'] as const;

/** Shows the block in its new place in every list of the owner's blocks the app holds. */
function showPlaced(queryClient: QueryClient, { id, status, after }: Placement) {
  const firstPages = queryClient.getQueryData<OwnBlocks>(ownBlocksQueryOptions.queryKey);
  const rest = blockStatuses.map((tab) =>
    queryClient.getQueryData<InfiniteData<OwnTabPage>>(ownTabKey(tab)),
  );
  const lists: Block[][] = [
    firstPages?.blocks ?? [],
    ...rest.flatMap((tab) => tab?.pages.map((page) => page.blocks) ?? []),
  ];
  const [placedFirst = [], ...placedRest] = withBlockPlaced(lists, id, status, after);
  if (firstPages) {
    queryClient.setQueryData(ownBlocksQueryOptions.queryKey, {
      ...firstPages,
      blocks: placedFirst,
    });
  }
  blockStatuses.forEach((tab, index) => {
    const data = rest[index];
    if (!data) return;
    const pages = data.pages.map((page) => ({ ...page, blocks: placedRest.shift() ?? [] }));
    queryClient.setQueryData(ownTabKey(tab), { ...data, pages });
  });
}

/**
 * Moves one block to a place in a tab. The dashboard shows it there at once and goes back if the
 * server refuses. Moves are sent one after another (one mutation scope), so two quick moves reach
 * the server in the order they were made.
 */
export function usePlaceBlock() {
  const queryClient = useQueryClient();
  const blocksChanged = useBlocksChanged();
  return useMutation({
    mutationKey: placeKey,
    scope: { id: 'block-order' },
    mutationFn: async ({ id, status, after }: Placement) =>
      (
        await api.blocks[':id'].position.$put({
          param: { id: String(id) },
          json: { status, after },
        })
      ).json(),
    onMutate: async (placement) => {
      await queryClient.cancelQueries({ queryKey: ownBlocksKey() });
      const before = queryClient.getQueriesData({ queryKey: ownBlocksKey() });
      showPlaced(queryClient, placement);
      return { before };
    },
    onError: (error, _placement, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to save the new order. Please try again.'),
        variant: 'destructive',
      });
    },
    onSettled: () => {
      // A later move still on its way would be undone on screen by a refetch of the older state.
      if (queryClient.isMutating({ mutationKey: placeKey }) > 1) return;
      blocksChanged();
    },
  });
}
