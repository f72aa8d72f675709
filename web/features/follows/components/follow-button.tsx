import { UserCheckIcon, UserPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { getAuthToken } from '../../../lib/auth-token';
import { needsAppAttribute } from '../../../lib/page-actions';
import { usePendingAction } from '../../../lib/use-pending-action';
import { useFollowBoard } from '../api/follow-board';
import { useFollowedBoards } from '../api/get-followed-boards';
import { useUnfollowBoard } from '../api/unfollow-board';

/** The name a press made before the app had started goes by (`data-needs-app`). */
const followAction = 'follow';

/**
 * Follow / Following on someone else's board. The page around it is the same for every visitor
 * (it is cached once per board version), so it is drawn as "Follow" and learns whether the viewer
 * follows the board once the app has started, from the list of boards they follow. A signed-out
 * visitor is asked to sign in and comes back here after, as Copy does.
 */
export function FollowButton({ username, displayName }: { username: string; displayName: string }) {
  const { user } = useAuth();
  const followed = useFollowedBoards({ enabled: user !== null });
  // What this button last set, shown at once while the list of followed boards reloads.
  const [lastSet, setLastSet] = useState<boolean | null>(null);
  const following =
    lastSet ?? followed.data?.boards.some((board) => board.username === username) ?? false;
  const followBoard = useFollowBoard();
  const unfollowBoard = useUnfollowBoard();
  const navigate = useNavigate();
  const location = useLocation();

  const askToSignIn = () =>
    toast({
      title: 'Sign in required',
      description: `Please sign in to follow ${displayName}.`,
      action: {
        label: 'Sign in',
        onSelect: () =>
          navigate({ pathname: '/auth', search: '?tab=signin' }, { state: { from: location } }),
      },
    });

  const onError = (error: unknown) => {
    // A session that ended elsewhere: the token is gone now, and signing in is the way on.
    if (error instanceof ApiRequestError && error.status === 401) return askToSignIn();
    toast({
      title: 'Error',
      description: errorMessage(error, 'Something went wrong. Please try again.'),
      variant: 'destructive',
    });
  };

  function follow() {
    if (!getAuthToken()) return askToSignIn();
    followBoard.mutate(username, {
      onSuccess: () => {
        setLastSet(true);
        toast({
          title: `Following ${displayName}`,
          description: 'Their news shows on your Following page.',
        });
      },
      onError,
    });
  }

  function press() {
    if (following) unfollowBoard.mutate(username, { onSuccess: () => setLastSet(false), onError });
    else follow();
  }

  // Pressed before the app had started: the page said "Follow", so that is what was meant.
  usePendingAction(followAction, follow);

  const busy =
    followBoard.isPending || unfollowBoard.isPending || (user !== null && followed.isPending);
  return (
    <Button
      type="button"
      variant={following ? 'outline' : 'default'}
      disabled={busy}
      onClick={press}
      {...{ [needsAppAttribute]: followAction }}
    >
      {following ? <UserCheckIcon aria-hidden /> : <UserPlusIcon aria-hidden />}
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}
