import type { Context } from 'hono';
import { tabPageAskedIn, tabPageSearch } from '../../../../schema/board-pages';
import { findPublicBoard } from '../../../domain/boards/boards';
import { answeringOf } from '../../../platform/edge-cache';
import { fetchAppShell } from '../../../render/app-shell';
import { usernameFromBoardPath } from '../../../render/board-meta';
import { asksForPageState, renderBoardPage, renderBoardState } from '../../../render/board-page';
import type { AppEnv } from '../../app-env';
import { cachedBoardResponse } from '../../board-cache';
import { answerFromFediverse, asksForActivityJson } from '../protocol/fediverse-endpoints';

/**
 * `/@alice` (also arriving as `/%40alice`; `handle` is `@alice`): the web app's shell with the
 * board rendered in it, readable before any script runs, and a head that names the board for link
 * previews and search engines. Each tab shows its first page; `?done=<cursor>` (or `now`,
 * `planned`) shows that tab's page after the cursor instead, each page cached on its own; with
 * `?app-state`, the data the page was drawn from (JSON), which the app fetches when it starts.
 * Unknown and private boards answer 404 with Board Not Found. Asked
 * for ActivityPub JSON, it answers the board's fediverse actor instead (a private board's is not
 * found either).
 */
export function boardPage(c: Context<AppEnv>, handle: string) {
  const url = new URL(c.req.url);
  const username = usernameFromBoardPath(`/${handle}`);
  if (username && asksForActivityJson(c.req.header('accept'))) {
    // Fedify knows the actor by its one spelling: `/@alice`, whatever case or escape came in.
    return answerFromFediverse(c, new Request(new URL(`/@${username}`, url), c.req.raw));
  }
  // The page brings the board with it, so loading it is the view (the browser asks no API);
  // the cache counts it, served fresh or not.
  const answering = answeringOf(c);
  const asked = tabPageAskedIn(url.searchParams);
  const tabPage = tabPageSearch(asked);
  if (asksForPageState(url)) {
    return cachedBoardResponse(
      answering,
      { kind: 'page-state', username, variant: tabPage || undefined },
      async (db) => {
        const board = await findPublicBoard(db, username, asked);
        const response = renderBoardState({ handle, username, board, tabPage });
        return { response, boardId: board?.owner.id ?? null };
      },
    );
  }
  return cachedBoardResponse(
    answering,
    { kind: 'page', username, variant: tabPage || undefined },
    async (db) => {
      const [shell, board] = await Promise.all([
        fetchAppShell(c.env, c.req.url),
        findPublicBoard(db, username, asked),
      ]);
      if (!shell.ok) return { response: c.newResponse(shell.body, shell), boardId: null };
      const page = { env: c.env, origin: url.origin, handle, username, board, tabPage };
      return { response: await renderBoardPage(shell, page), boardId: board?.owner.id ?? null };
    },
  );
}
