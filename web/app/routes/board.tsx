import { LockIcon, PencilIcon } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { tabPageAskedIn, tabPageHref, tabPageSearch } from '../../../schema/board-pages';
import { isBoardAddress } from '../../../schema/users';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { firstTabWithBlocks } from '../../features/blocks/block-rules';
import { BlockBoard } from '../../features/blocks/components/block-board';
import {
  CopyBlockButton,
  copyButtonIcons,
} from '../../features/blocks/components/copy-block-button';
import { boardUsername, useBoard } from '../../features/boards/api/get-board';
import { MovedNotice } from '../../features/boards/components/moved-notice';
import { ProfileHeader } from '../../features/boards/components/profile-header';
import { ShareBoardButton } from '../../features/boards/components/share-board-button';
import { FollowButton } from '../../features/follows/components/follow-button';
import { FollowSheetLink } from '../../features/follows/components/follow-sheet';
import { BoardGoals } from '../../features/goals/components/board-goals';
import {
  blockMenuIcons,
  ReportBlockMenu,
} from '../../features/moderation/components/report-block-menu';
import { ReportBoardButton } from '../../features/moderation/components/report-board-button';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useViewerMark } from '../../lib/viewer';
import { NotFoundScreen } from './not-found';

export function BoardScreen() {
  const handle = useParams().username ?? '';
  return isBoardAddress(handle) ? <Board handle={handle} /> : <NotFoundScreen />;
}

function Board({ handle }: { handle: string }) {
  const username = boardUsername(handle);
  const { user } = useAuth();
  const { search } = useLocation();
  const asked = tabPageAskedIn(new URLSearchParams(search));
  const board = useBoard(username, user?.username, tabPageSearch(asked));
  const owner = board.data?.user;
  const pagedStatus = asked?.status ?? null;

  useDocumentTitle(owner ? `${owner.displayName} (@${owner.username})` : 'Board Not Found');
  useViewerMark(owner?.username);

  if (username && board.isPending) {
    return (
      <main className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Loading board" />
      </main>
    );
  }
  if (!board.data || !owner) return <BoardNotFound />;
  // Only the owner's own answer says whether the board is public: no one else sees a private one.
  const isPrivate = 'isPublic' in owner && !owner.isPublic;

  // Who may copy or follow is known before the first paint (`data-viewer`): the owner never sees
  // Copy or Follow and gets a way to edit instead, and the page needs no session to be drawn.
  return (
    <main
      data-accent={board.data.board.accent}
      className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6"
    >
      <ProfileHeader
        user={owner}
        updatedAt={board.data.board.updatedAt}
        mark={
          isPrivate && (
            <Badge
              title="Only you can see this board"
              className="gap-1 border-gray-300 bg-gray-100 text-gray-800"
            >
              <LockIcon aria-hidden className="size-3" />
              Private
            </Badge>
          )
        }
        feedLink={(feedUrl) => (
          <FollowSheetLink
            username={owner.username}
            displayName={owner.displayName}
            feedUrl={feedUrl}
          />
        )}
        action={
          <>
            <span className="hidden viewer-owner:contents">
              <ShareBoardButton username={owner.username} displayName={owner.displayName} />
              <Button asChild variant="outline">
                <Link to="/dashboard">
                  <PencilIcon aria-hidden />
                  Edit board
                </Link>
              </Button>
            </span>
            <span className="for-visitors">
              <FollowButton username={owner.username} displayName={owner.displayName} />
              <ReportBoardButton username={owner.username} />
            </span>
          </>
        }
      />
      <MovedNotice movedTo={board.data.board.movedTo} />
      <BoardGoals
        username={board.data.user.username}
        goals={board.data.board.goals}
        streakWeeks={board.data.board.streakWeeks}
        reviewYear={board.data.board.reviewYear}
      />
      <BlockBoard
        blocks={board.data.blocks}
        board={board.data.board}
        displayName={owner.displayName}
        variant="visitor"
        initialStatus={pagedStatus ?? firstTabWithBlocks(board.data.blocks)}
        pages={{
          tabs: board.data.tabs,
          pagedStatus,
          pageHref: (status, cursor) => tabPageHref(`/@${owner.username}`, status, cursor),
        }}
        actionIcons={[...copyButtonIcons, ...blockMenuIcons]}
        renderAction={(block) => (
          <span className="for-visitors">
            <CopyBlockButton block={block} />
            <ReportBlockMenu username={owner.username} block={block} />
          </span>
        )}
      />
    </main>
  );
}

/** Go Back is a link home, so it works before the app has started; the app goes back instead. */
function BoardNotFound() {
  const navigate = useNavigate();
  const goBack = (event: MouseEvent) => {
    // React Router numbers the entries it pushed; at 0 there is nothing of ours to go back to.
    const historyIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (historyIndex === 0) return;
    event.preventDefault();
    navigate(-1);
  };
  return (
    <main className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-gray-900">Board Not Found</h1>
      <p className="text-gray-700">This user doesn't exist or their board is private.</p>
      <Button asChild className="mt-2">
        <Link to="/" onClick={goBack}>
          Go Back
        </Link>
      </Button>
    </main>
  );
}
