import { useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { BlockBoard } from '../../features/blocks/components/block-board';
import { CopyBlockButton } from '../../features/blocks/components/copy-block-button';
import { boardUsername, useBoard } from '../../features/boards/api/get-board';
import { ProfileHeader } from '../../features/boards/components/profile-header';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';

export function BoardScreen() {
  const username = boardUsername(useParams().username);
  const { user, isLoading: sessionLoading } = useAuth();
  const board = useBoard(username, user?.username);
  const owner = board.data?.user;

  useDocumentTitle(owner ? `${owner.displayName} (@${owner.username})` : 'Board Not Found');

  if (username && board.isPending) {
    return (
      <main className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Loading board" />
      </main>
    );
  }
  if (!board.data || !owner) return <BoardNotFound />;

  // The owner sees their own board without copy buttons.
  const canCopy = !sessionLoading && user?.username !== owner.username;
  return (
    <main className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6">
      <ProfileHeader user={owner} />
      <BlockBoard
        blocks={board.data.blocks}
        board={board.data.board}
        displayName={owner.displayName}
        variant="visitor"
        renderAction={canCopy ? (block) => <CopyBlockButton block={block} /> : undefined}
      />
    </main>
  );
}

function BoardNotFound() {
  const navigate = useNavigate();
  const goBack = () => {
    // React Router numbers the entries it pushed; at 0 there is nothing of ours to go back to.
    const historyIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (historyIndex > 0) navigate(-1);
    else navigate('/');
  };
  return (
    <main className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-gray-900">Board Not Found</h1>
      <p className="text-gray-700">This user doesn't exist or their board is private.</p>
      <Button className="mt-2" onClick={goBack}>
        Go Back
      </Button>
    </main>
  );
}
