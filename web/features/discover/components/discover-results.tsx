import { CircleAlertIcon, LayoutGridIcon, SearchXIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { LoadMore } from '../../../components/ui/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { type DiscoverBoard, type DiscoverFilter, useDiscover } from '../api/get-discover';
import { boardCountLabel } from './board-count';
import type { RenderDiscoverBlock } from './discover-board-card';
import { DiscoverBoardCard } from './discover-board-card';
import { DiscoverMessage } from './discover-message';

type DiscoverResultsProps = {
  filter: DiscoverFilter;
  /** Clears the search and the category. */
  onClearSearch: () => void;
  renderBlock: RenderDiscoverBlock;
};

/**
 * The boards matching `filter`, with the count of all of them (not only those loaded), the paging
 * and every empty or failed state.
 */
export function DiscoverResults({ filter, onClearSearch, renderBlock }: DiscoverResultsProps) {
  const discover = useDiscover(filter);
  const boards = discover.data?.pages.flatMap((page) => page.boards) ?? [];
  // Every page carries the count of all matches; the newest page says it as it is now.
  const newest = discover.data?.pages.at(-1);

  if (discover.isError && !discover.isFetchNextPageError) return <LoadFailed />;
  if (discover.isPending) {
    return (
      <div className="flex justify-center py-20">
        <Spinner size="lg" label="Loading boards" />
      </div>
    );
  }
  if (boards.length === 0 && !discover.isPlaceholderData) {
    const filtered = filter.q !== '' || filter.category !== null;
    return filtered ? <NoResults onClearSearch={onClearSearch} /> : <NoBoards />;
  }
  return (
    <>
      <div className="mb-4 flex h-6 items-center gap-2">
        <p role="status" className="text-sm font-medium text-gray-600">
          {boardCountLabel(newest?.total ?? 0, newest?.totalIsFloor)}
        </p>
        {discover.isPlaceholderData && <Spinner size="sm" label="Searching" />}
      </div>
      <BoardGrid boards={boards} renderBlock={renderBlock} />
      <LoadMore pages={discover} failure="We couldn't load boards" />
    </>
  );
}

function BoardGrid({
  boards,
  renderBlock,
}: {
  boards: DiscoverBoard[];
  renderBlock: RenderDiscoverBlock;
}) {
  return (
    // Cards of a row stretch to the tallest: the grid stays even at every width.
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 sm:gap-6">
      {boards.map((board) => (
        <DiscoverBoardCard key={board.user.username} board={board} renderBlock={renderBlock} />
      ))}
    </div>
  );
}

function LoadFailed() {
  return (
    <DiscoverMessage
      icon={CircleAlertIcon}
      title="Something went wrong"
      text="We couldn't load boards"
      action={<Button onClick={() => window.location.reload()}>Try Again</Button>}
    />
  );
}

function NoResults({ onClearSearch }: { onClearSearch: () => void }) {
  return (
    <DiscoverMessage
      icon={SearchXIcon}
      title="No results found"
      text="Try different keywords"
      action={
        <Button variant="outline" onClick={onClearSearch}>
          Clear Search
        </Button>
      }
    />
  );
}

function NoBoards() {
  return (
    <DiscoverMessage
      icon={LayoutGridIcon}
      title="No boards yet"
      text="Be the first to create a board!"
    />
  );
}
