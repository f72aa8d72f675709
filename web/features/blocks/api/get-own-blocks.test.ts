import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, it, vi } from 'vitest';
import { blocksAwaitingDelete, ownBlocksQueryOptions } from './get-own-blocks';

afterEach(() => {
  vi.unstubAllGlobals();
  blocksAwaitingDelete.clear();
});

it('leaves out a block whose delete can still be undone when the list is fetched again', async () => {
  const answer = { board: {}, blocks: [{ id: 1 }, { id: 2 }, { id: 3 }] };
  vi.stubGlobal('fetch', async () => Response.json(answer));
  blocksAwaitingDelete.add(2);
  const list = await new QueryClient().fetchQuery(ownBlocksQueryOptions);
  expect(list.blocks.map(({ id }) => id)).toEqual([1, 3]);
});
