import { firstTabWithBlocks } from '../../features/blocks/block-rules';
import { BlockBoard } from '../../features/blocks/components/block-board';
import type { PublicBoard } from '../../features/boards/api/get-board';
import { ProfileHeader } from '../../features/boards/components/profile-header';

/**
 * `/embed/@username`, in another site's iframe: the board as visitors see it, read-only, drawn by
 * the same components as the board page and rendered on the server only (web/server.tsx). Its
 * links open a new tab: the app itself may not be framed.
 */
export function EmbedScreen({ board }: { board: PublicBoard }) {
  const { user } = board;
  return (
    <div data-accent={board.board.accent}>
      <main className="space-y-6 p-3 sm:p-4">
        <ProfileHeader user={board.user} updatedAt={board.board.updatedAt} linkTarget="_blank" />
        <BlockBoard
          blocks={board.blocks}
          board={board.board}
          displayName={user.displayName}
          variant="visitor"
          initialStatus={firstTabWithBlocks(board.blocks)}
        />
      </main>
      <footer className="mx-3 border-t border-gray-200 py-3 text-center text-sm sm:mx-4">
        <a
          href={`/@${user.username}`}
          target="_blank"
          rel="noopener"
          className="font-medium text-accent hover:underline"
        >
          View full board on Up2
        </a>
      </footer>
    </div>
  );
}
