import { useState } from 'react';
import type { BlockStatus } from '../../../../schema/block-values';
import { type Block, useOwnBlocks } from './get-own-blocks';
import { useRestOfTab } from './get-own-tab';

/** What a tab's "Load More" needs to know, as `LoadMore` reads an infinite query. */
type TabMore = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

/** A tab's further pages, read from its first "Load More" on. */
function useTabMore(status: BlockStatus, firstNext: string | null | undefined) {
  const [wanted, setWanted] = useState(false);
  const rest = useRestOfTab(status, wanted);
  const more: TabMore = rest.data
    ? rest
    : {
        hasNextPage: firstNext != null,
        isFetchingNextPage: rest.isFetching,
        isFetchNextPageError: rest.isError,
        fetchNextPage: () => (wanted ? rest.refetch() : setWanted(true)),
      };
  return { more, blocks: rest.data?.pages.flatMap((page) => page.blocks) ?? [] };
}

/** Each block once: a block moving between pages while they are read again shows once. */
function eachOnce(blocks: Block[]): Block[] {
  const seen = new Set<number>();
  return blocks.filter((block) => !seen.has(block.id) && seen.add(block.id));
}

/**
 * The owner's board as the dashboard shows it: the first page of each tab, then the pages loaded
 * with "Load More", each tab's true count, and what each tab's "Load More" does.
 */
export function useOwnBoard() {
  const ownBlocks = useOwnBlocks();
  const tabs = ownBlocks.data?.tabs;
  const now = useTabMore('now', tabs?.now.next);
  const planned = useTabMore('planned', tabs?.planned.next);
  const done = useTabMore('done', tabs?.done.next);
  const blocks =
    ownBlocks.data &&
    eachOnce([...ownBlocks.data.blocks, ...now.blocks, ...planned.blocks, ...done.blocks]);
  const counts = tabs && {
    now: tabs.now.total,
    planned: tabs.planned.total,
    done: tabs.done.total,
  };
  return {
    ownBlocks,
    blocks,
    counts,
    blockCount: counts && counts.now + counts.planned + counts.done,
    more: { now: now.more, planned: planned.more, done: done.more },
  };
}
