import { useLayoutEffect } from 'react';
import { useAuth } from './auth';
import { getAuthToken, getSessionUsername } from './auth-token';
import { viewerOf } from './viewer-rule';

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
