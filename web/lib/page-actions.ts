/**
 * How a page drawn on the server marks what web/reader.ts handles before the app has started.
 * Side-effect free, so the components that set them render in the Worker too.
 */

/** A control the app carries out; its value names it on the page (`copy-12`). */
export const needsAppAttribute = 'data-needs-app';
/** On a screen that is all controls for the app (the sign-up form): the app starts at once. */
export const appAtOnceAttribute = 'data-app-at-once';
/** The board's Report, as a page names the action its control carries out. */
export const reportBoardAction = 'report-board';

/** A Visit Link, with its block's id: following it counts a click. */
export const visitBlockAttribute = 'data-visit-block';

/** The block whose Visit Link a click at `target` followed, if any. */
export function visitedBlockId(target: EventTarget | null): number | null {
  const link = target instanceof Element && target.closest(`a[${visitBlockAttribute}]`);
  return (link && Number(link.getAttribute(visitBlockAttribute))) || null;
}

declare global {
  interface Window {
    /** The action pressed before the app had started (the page's first script records it). */
    __up2PendingAction?: string;
    /** Set once the app has hydrated the page: from then on it handles actions itself. */
    __up2AppReady?: boolean;
    /** Starts the app on a page drawn without it; the page's first script calls it on an action. */
    __up2StartApp?: () => void;
  }
}

/** Sent on the window once the app handles the page's controls itself. */
export const appReadyEvent = 'up2:app-ready';

/**
 * From now on the app handles the page's controls itself; a press held until now is carried out
 * by its control (`usePendingAction`), wherever on the page it is.
 */
export function markAppReady() {
  window.__up2AppReady = true;
  window.dispatchEvent(new Event(appReadyEvent));
}

/** True, once, when `action` was pressed before the app had started and is still to be done. */
export function takePendingAction(action: string): boolean {
  if (window.__up2PendingAction !== action) return false;
  window.__up2PendingAction = undefined;
  return true;
}
