import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
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
  discoverKeys.search(''),
  discoverKeys.search('maya'),
  discoverKeys.search('maya', 'creative'),
  discoverKeys.liveBoards(8),
  discoverKeys.trending(),
  discoverKeys.trending('creative'),
  boardKeys.board('maya'),
  boardKeys.board('leo'),
  analyticsKeys.mine(),
  ownBlocksKey(),
];

describe('query keys', () => {
  it("invalidating Discover reaches every search, the trending rows and the landing page's live boards, nothing else", async () => {
    const { queryClient, invalidated } = cacheWith(everyKey);
    await queryClient.invalidateQueries({ queryKey: discoverKeys.all() });
    expect(invalidated()).toEqual([
      discoverKeys.search(''),
      discoverKeys.search('maya'),
      discoverKeys.search('maya', 'creative'),
      discoverKeys.liveBoards(8),
      discoverKeys.trending(),
      discoverKeys.trending('creative'),
    ]);
  });

  it("invalidating one person's board leaves the others' boards alone", async () => {
    const { queryClient, invalidated } = cacheWith(everyKey);
    await queryClient.invalidateQueries({ queryKey: boardKeys.board('maya') });
    expect(invalidated()).toEqual([boardKeys.board('maya')]);
  });

  it('invalidating every board reaches each one, and not the owner’s own blocks', async () => {
    const { queryClient, invalidated } = cacheWith(everyKey);
    await queryClient.invalidateQueries({ queryKey: boardKeys.all() });
    expect(invalidated()).toEqual([boardKeys.board('maya'), boardKeys.board('leo')]);
  });

  it("invalidating analytics reaches the owner's analytics", async () => {
    const { queryClient, invalidated } = cacheWith(everyKey);
    await queryClient.invalidateQueries({ queryKey: analyticsKeys.all() });
    expect(invalidated()).toEqual([analyticsKeys.mine()]);
  });

  it('no search text gives the key of the live boards', () => {
    expect(discoverKeys.search('8')).not.toEqual(discoverKeys.liveBoards(8));
  });

  it('a search for a category name is not that category', () => {
    expect(discoverKeys.search('creative')).not.toEqual(discoverKeys.search('', 'creative'));
    expect(discoverKeys.search('trending')).not.toEqual(discoverKeys.trending());
  });
});
