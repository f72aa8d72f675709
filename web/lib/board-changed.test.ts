import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateChangedBoard } from './board-changed';
import { analyticsKeys, boardKeys, discoverKeys, ownBlocksKey } from './query-keys';

/** A cache holding one answer under each key, as the screens that read them would leave it. */
function cacheWith(keys: QueryKey[]) {
  const queryClient = new QueryClient();
  for (const key of keys) queryClient.setQueryData(key, 'data');
  const invalidated = () =>
    queryClient
      .getQueryCache()
      .findAll({ predicate: (query) => query.state.isInvalidated })
      .map((query) => query.queryKey);
  return { queryClient, invalidated };
}

const everyKey = [
  ownBlocksKey(),
  boardKeys.board('maya'),
  boardKeys.board('leo'),
  discoverKeys.search(''),
  discoverKeys.search('maya', 'creative'),
  discoverKeys.liveBoards(8),
  discoverKeys.trending(),
  analyticsKeys.mine(),
  ['auth', 'me'],
  ['follows', 'boards'],
];

const discover = [
  discoverKeys.search(''),
  discoverKeys.search('maya', 'creative'),
  discoverKeys.liveBoards(8),
  discoverKeys.trending(),
];

describe('a board changed', () => {
  it("when its blocks changed, refreshes the owner's list, their board and Discover, nothing else", async () => {
    const { queryClient, invalidated } = cacheWith(everyKey);
    await invalidateChangedBoard(queryClient, { username: 'maya', blocks: true });
    expect(invalidated()).toEqual([ownBlocksKey(), boardKeys.board('maya'), ...discover]);
  });

  it("when only its owner's profile changed, leaves the owner's list of blocks alone", async () => {
    const { queryClient, invalidated } = cacheWith(everyKey);
    await invalidateChangedBoard(queryClient, { username: 'maya', blocks: false });
    expect(invalidated()).toEqual([boardKeys.board('maya'), ...discover]);
  });

  it('refreshes no board page while its owner is not known', async () => {
    const { queryClient, invalidated } = cacheWith(everyKey);
    await invalidateChangedBoard(queryClient, { username: undefined, blocks: true });
    expect(invalidated()).toEqual([ownBlocksKey(), ...discover]);
  });
});
