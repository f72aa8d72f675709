import { reportParameter } from '../../../schema/moderation-values';
import { EmbedBoard } from '../../features/blocks/components/embed-board';
import type { PublicBoard } from '../../features/boards/api/get-board';
import { MovedNotice } from '../../features/boards/components/moved-notice';

/**
 * `/embed/@username`, in another site's iframe: the board as visitors see it, read-only and
 * compact (a frame is often 600 px tall, or a 320 px sidebar), rendered on the server only
 * (web/server.tsx). Its links open a new tab: the app itself may not be framed.
 */
export function EmbedScreen({ board }: { board: PublicBoard }) {
  const { user } = board;
  return (
    <div data-accent={board.board.accent}>
      <main className="space-y-3 p-3 sm:p-4">
        <MovedNotice movedTo={board.board.movedTo} linkTarget="_blank" />
        <EmbedBoard board={board} />
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
        <span aria-hidden> · </span>
        <a
          href={`/@${user.username}?${reportParameter}`}
          target="_blank"
          rel="noopener"
          className="text-gray-600 hover:underline"
        >
          Report
        </a>
      </footer>
    </div>
  );
}
