/**
 * A rendered page's first script, in its head: before the first paint it tells who is looking
 * (`data-viewer` on <html>: the board's `owner`, a signed-in `member`, or a `guest`), so no
 * control shows, even for a frame, to the wrong person; and it holds on to an action pressed
 * before the app has started (`[data-needs-app]`, such as Copy), which web/reader.ts starts the
 * app for and the app carries out. Carried inline (worker/render/app-shell.ts), so the page's CSP
 * names it by hash.
 */
import { authTokenKey, sessionUsernameKey } from '../lib/auth-token';
import { needsAppAttribute } from '../lib/page-actions';
import { viewerOf } from '../lib/viewer-rule';

const boardPath = /^[/](?:@|%40)([a-z0-9]+)/i;

function viewerHere() {
  try {
    const owner = boardPath.exec(location.pathname)?.[1]?.toLowerCase() ?? '';
    const token = localStorage.getItem(authTokenKey);
    return viewerOf(owner, { token, username: localStorage.getItem(sessionUsernameKey) });
  } catch {
    return 'guest';
  }
}

document.documentElement.setAttribute('data-viewer', viewerHere());

addEventListener(
  'click',
  (event) => {
    const control =
      event.target instanceof Element && event.target.closest(`[${needsAppAttribute}]`);
    if (!control || window.__up2AppReady) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    window.__up2PendingAction = control.getAttribute(needsAppAttribute) ?? undefined;
    window.__up2StartApp?.();
  },
  true,
);
