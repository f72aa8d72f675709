import { useParams } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { EmbedBoard } from '../../features/blocks/components/embed-board';
import { boardUsername, useBoard } from '../../features/boards/api/get-board';
import { EmbedHeader } from '../../features/boards/components/embed-header';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The board inside another site's iframe: compact, read-only, no navigation. */
export function EmbedScreen() {
  const username = boardUsername(useParams().username);
  const board = useBoard(username);
  const owner = board.data?.user;

  useDocumentTitle(owner ? `${owner.displayName} (@${owner.username})` : 'Board not found');

  if (username && board.isPending) {
    return (
      <main className="flex min-h-40 items-center justify-center bg-white">
        <Spinner label="Loading board" />
      </main>
    );
  }
  if (!board.data || !owner) {
    return (
      <main className="flex min-h-40 items-center justify-center bg-white p-4">
        <h1 className="text-lg font-semibold text-gray-800">Board not found</h1>
      </main>
    );
  }
  return (
    <div className="min-h-dvh space-y-4 bg-white p-3 sm:p-4">
      <main className="space-y-4">
        <EmbedHeader user={owner} />
        <EmbedBoard blocks={board.data.blocks} />
      </main>
      <footer className="border-t border-gray-200 pt-3 text-center text-xs">
        <a
          href={`${window.location.origin}/@${owner.username}`}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-violet-700 hover:underline"
        >
          View full board on Up2
        </a>
      </footer>
    </div>
  );
}
