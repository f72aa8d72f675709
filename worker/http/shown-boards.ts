import { boardVersions } from '../platform/board-versions';
import type { KeptEntry } from '../platform/edge-cache';

// The boards a kept copy of a page shows, with their versions when it was rendered.
const shownBoardsHeader = 'x-up2-shown-boards';

/**
 * Marks a page showing several boards (the landing page, Discover's first page) with their
 * current versions, so a kept copy of it can tell when one of them changed.
 */
export async function markShownBoards(env: Env, page: Response, usernames: string[]) {
  const versions = await boardVersions(env, usernames);
  if (versions !== null) page.headers.set(shownBoardsHeader, versions);
}

/**
 * Whether a kept copy still shows every board in it as it is (`cachedPage`'s `isCurrent`): a
 * board made private or edited since makes it out of date, here at once and in other locations
 * within KV's minute. `unknown` when the copy names no boards or KV cannot say.
 */
export function shownBoardsAreCurrent(env: Env) {
  return async (entry: KeptEntry, unknown: boolean) => {
    const shown = entry.headers.get(shownBoardsHeader);
    if (shown === null) return unknown;
    const usernames = shown ? shown.split(',').map((pair) => pair.split('=')[0] ?? '') : [];
    const now = await boardVersions(env, usernames);
    return now === null ? unknown : now === shown;
  };
}
