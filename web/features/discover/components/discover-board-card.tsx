import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { UserAvatar } from '../../../components/ui/avatar';
import type { DiscoverBoard } from '../api/get-discover';

/** Draws one of a board's blocks: the board's own card, given by the screen. */
export type RenderDiscoverBlock = (
  block: DiscoverBoard['blocks'][number],
  board: DiscoverBoard['board'],
) => ReactNode;

/**
 * A public board on the discover page: who it belongs to, their tagline (the headline they wrote
 * for discovery) and their first activities (the rest named as "+N more"), each drawn as on the
 * board itself, compact when it has no image.
 */
export function DiscoverBoardCard({
  board,
  renderBlock,
}: {
  board: DiscoverBoard;
  renderBlock: RenderDiscoverBlock;
}) {
  const { user, blocks, moreBlocks } = board;
  return (
    <article className="flex h-[100%] min-w-0 flex-col rounded-2xl border border-gray-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md sm:p-5">
      <header className="flex items-center gap-3">
        <UserAvatar src={user.avatar} name={user.displayName} className="size-12 text-lg" />
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-gray-900">{user.displayName}</h2>
          <Link
            to={`/@${user.username}`}
            className="rounded-sm text-sm font-medium text-violet-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500"
          >
            @{user.username}
          </Link>
        </div>
      </header>
      {user.tagline && (
        <p className="mt-3 line-clamp-2 break-words text-sm font-medium text-gray-700">
          {user.tagline}
        </p>
      )}
      {/* Discover lists only boards that show a block, so there is always one to draw. */}
      <ul className="mt-4 grid grid-cols-2 items-start gap-3">
        {blocks.map((block) => (
          <li key={block.id} className="flex min-w-0">
            {renderBlock(block, board.board)}
          </li>
        ))}
      </ul>
      {moreBlocks > 0 && (
        <Link
          to={`/@${user.username}`}
          aria-label={`${moreBlocks} more on ${user.displayName}'s board`}
          className="mt-3 self-start rounded-sm text-sm font-medium text-violet-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500"
        >
          +{moreBlocks} more
        </Link>
      )}
    </article>
  );
}
