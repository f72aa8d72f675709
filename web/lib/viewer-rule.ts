/** Who is looking at a board: its owner, another signed-in person, or a signed-out guest. */
export type Viewer = 'owner' | 'member' | 'guest';

/**
 * The one rule, run by a rendered page's first script before any app code
 * (web/inline-scripts/viewer.ts) and by the app for the boards it draws itself (web/lib/viewer.ts).
 */
export function viewerOf(
  ownerUsername: string,
  session: { token: string | null; username: string | null },
): Viewer {
  if (!session.token) return 'guest';
  return session.username === ownerUsername ? 'owner' : 'member';
}
