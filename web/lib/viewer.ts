import { useLayoutEffect } from 'react';
import { useAuth } from './auth';
import { getAuthToken, getSessionUsername } from './auth-token';

/** Who is looking at a board: its owner, another signed-in person, or a signed-out guest. */
type Viewer = 'owner' | 'member' | 'guest';

/**
 * The rule a rendered page's first script applies before any app code (`viewerScript`,
 * worker/render/app-shell.ts), for boards the app draws itself.
 */
function viewerOf(
  ownerUsername: string,
  session: { token: string | null; username: string | null },
): Viewer {
  if (!session.token) return 'guest';
  return session.username === ownerUsername ? 'owner' : 'member';
}

/** Marks the page with who is looking at `ownerUsername`'s board, before the browser paints. */
export function useViewerMark(ownerUsername: string | undefined) {
  const { user } = useAuth();
  const username = user?.username ?? getSessionUsername();
  useLayoutEffect(() => {
    if (!ownerUsername) return;
    const viewer = viewerOf(ownerUsername, { token: getAuthToken(), username });
    document.documentElement.dataset.viewer = viewer;
  }, [ownerUsername, username]);
}
