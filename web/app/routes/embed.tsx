import type { BlockStatus } from '../../../schema/block-values';
import { tabPageHref } from '../../../schema/board-pages';
import type { EmbedTheme } from '../../../schema/boards';
import { reportParameter } from '../../../schema/moderation-values';
import { EmbedBoard } from '../../features/blocks/components/embed-board';
import type { PublicBoard } from '../../features/boards/api/get-board';
import { MovedNotice } from '../../features/boards/components/moved-notice';

/** The embed's theme, kept by its page links, and the tab it shows past its first page. */
export type EmbedPaging = { theme: EmbedTheme; pagedStatus: BlockStatus | null };

/**
 * `/embed/@username`, in another site's iframe: the board as visitors see it, read-only and
 * compact (a frame is often 600 px tall, or a 320 px sidebar), rendered on the server only
 * (web/server.tsx). Its links open a new tab: the app itself may not be framed.
 */
export function EmbedScreen({ board, paging }: { board: PublicBoard; paging: EmbedPaging }) {
  const { user } = board;
  const embedAddress = `/embed/@${user.username}?theme=${paging.theme}`;
  return (
    <div data-accent={board.board.accent}>
      <main className="space-y-3 p-3 sm:p-4">
        <MovedNotice movedTo={board.board.movedTo} linkTarget="_blank" />
        <EmbedBoard
          board={board}
          pages={{
            tabs: board.tabs,
            pagedStatus: paging.pagedStatus,
            pageHref: (status, cursor) => tabPageHref(embedAddress, status, cursor),
          }}
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
