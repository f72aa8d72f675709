import type { PublicBoard } from '../../schema/boards';
import { boardScreenState, renderBoardScreen } from '../../web/server';
import type { UserRow } from '../domain/account/users';
import { renderedOrNull, renderShellPage } from './app-shell';
import { notFoundBoardHead, publicBoardHead } from './board-meta';
import { ogCardFingerprint, ogCardOf } from './og-card';

type BoardPage = {
  env: Pick<Env, 'APP_URL'>;
  origin: string;
  /** The path's `@username`, as given (`usernameFromBoardPath` reads `username` from it). */
  handle: string;
  username: string | undefined;
  /** The board, or null for Board Not Found (unknown or private). */
  board: { owner: UserRow; body: PublicBoard } | null;
  /** The tab's page the board carries past its first (`?done=<cursor>`), or ''. */
  tabPage: string;
};

// `/@alice?app-state`: the data the board's page was drawn from, fetched when the app starts.
const stateParameter = 'app-state';

export const asksForPageState = (url: URL) => url.searchParams.has(stateParameter);

function stateSourceOf(username: string, tabPage: string): string {
  return `/@${username}${tabPage ? `${tabPage}&` : '?'}${stateParameter}`;
}

// One spelling of a board's name for every copy of its page (`/@Alice` and `/@alice` share
// one); a path that names no possible board is drawn as it came, as the browser will read it.
const spelledHandle = ({ handle, username }: Pick<BoardPage, 'handle' | 'username'>) =>
  username ? `@${username}` : handle;

/**
 * What a board's page was drawn from (`boardScreenState`), as its `#app-state` names it: the same
 * board, under the same version, for the browser to hydrate the page with; 404 without a board.
 */
export function renderBoardState(
  page: Pick<BoardPage, 'handle' | 'username' | 'board' | 'tabPage'>,
): Response {
  const state = boardScreenState(spelledHandle(page), page.board?.body ?? null, page.tabPage);
  return Response.json(state, { status: page.board ? 200 : 404 });
}

/**
 * `/@alice`: the built shell with the board rendered in it, readable before any script runs, and
 * a head that names the board for link previews and search engines; Board Not Found (404) when
 * there is no board to show.
 */
export async function renderBoardPage(
  shell: Response,
  { env, origin, handle, username, board, tabPage }: BoardPage,
): Promise<Response> {
  const screen = await renderedOrNull(
    renderBoardScreen(
      origin,
      spelledHandle({ handle, username }),
      board?.body ?? null,
      tabPage,
      username && stateSourceOf(username, tabPage),
    ),
  );
  if (!board) return renderShellPage(shell, { screen, head: notFoundBoardHead, status: 404 });
  const ogImage = await ogCardFingerprint(ogCardOf(board.body));
  const head = publicBoardHead(env, origin, board.owner, ogImage);
  return renderShellPage(shell, { screen, head, status: 200 });
}
