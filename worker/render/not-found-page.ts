import { documentTitle, renderNotFoundScreen } from '../../web/server';

/** Which page the web app's router draws at a path: a screen, a board, or Page Not Found. */
export { pageAt } from '../../web/server';

import { renderedOrNull, renderShellPage } from './app-shell';
import { type HeadMeta, noindex } from './board-meta';

const notFoundHead: HeadMeta = {
  title: documentTitle('Page Not Found'),
  description: 'The page you are looking for does not exist or has moved.',
  tags: [noindex],
};

/** Any path with no page: the built shell with Page Not Found rendered in it, answered as a 404. */
export async function renderNotFoundPage(shell: Response, origin: string, path: string) {
  const screen = await renderedOrNull(renderNotFoundScreen(origin, path));
  return renderShellPage(shell, { screen, head: notFoundHead, status: 404 });
}
