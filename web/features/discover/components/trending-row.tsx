import { FlameIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { CategoryKey } from '../../../../schema/categories';
import { type TrendingBlock, useTrending } from '../api/get-trending';
import type { RenderDiscoverBlock } from './discover-board-card';

type TrendingRowProps = {
  category: CategoryKey | null;
  renderBlock: RenderDiscoverBlock;
};

/** "Copied or started 3 times this week". */
function weeklyCountLabel(count: number): string {
  return `Copied or started ${count === 1 ? 'once' : `${count} times`} this week`;
}

/**
 * The blocks people copied or started most in the last 7 days, in the chosen category. Nothing
 * at all while it loads, fails or is empty: the boards below are what the screen is for.
 */
export function TrendingRow({ category, renderBlock }: TrendingRowProps) {
  const trending = useTrending(category);
  if (!trending.data || trending.data.length === 0) return null;
  return (
    <section aria-labelledby="trending-heading" className="mb-10">
      <h2
        id="trending-heading"
        className="mb-4 flex items-center gap-2 text-lg font-bold text-gray-900"
      >
        <FlameIcon aria-hidden className="size-5 text-orange-500" />
        Trending this week
      </h2>
      {/* Each card keeps its own height; a card snapped into place keeps the page's margin. */}
      <ul className="-mx-4 flex scroll-px-4 snap-x items-start gap-4 overflow-x-auto px-4 pb-3 sm:-mx-6 sm:scroll-px-6 sm:px-6">
        {trending.data.map((item) => (
          <TrendingItem key={item.block.id} item={item} renderBlock={renderBlock} />
        ))}
      </ul>
    </section>
  );
}

function TrendingItem({
  item,
  renderBlock,
}: {
  item: TrendingBlock;
  renderBlock: RenderDiscoverBlock;
}) {
  return (
    <li className="flex w-56 shrink-0 snap-start flex-col gap-2">
      {renderBlock(item.block, item.board)}
      <p className="text-xs text-gray-600">
        <Link
          to={`/@${item.user.username}`}
          className="font-medium text-violet-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500"
        >
          @{item.user.username}
        </Link>
        <span className="block">{weeklyCountLabel(item.weeklyCount)}</span>
      </p>
    </li>
  );
}
