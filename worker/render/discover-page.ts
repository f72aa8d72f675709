import { documentTitle, renderDiscoverScreen } from '../../web/server';
import { renderedOrNull, renderShellPage } from './app-shell';

const discoverHead = {
  title: documentTitle('Discover Boards'),
  description: 'See what people are up to: public boards on Up2, and what is trending this week.',
  tags: [],
};

/** `/discover`: the built shell with Discover rendered in it, or the shell alone (`found` null). */
export async function renderDiscoverPage(
  shell: Response,
  origin: string,
  found: Parameters<typeof renderDiscoverScreen> extends [string, ...infer Rest] ? Rest : never,
) {
  const screen = await renderedOrNull(renderDiscoverScreen(origin, ...found));
  return renderShellPage(shell, { screen, head: discoverHead, status: 200 });
}

/** The shell alone, named as Discover: the app draws what the server would not. */
export function renderDiscoverShell(shell: Response) {
  return renderShellPage(shell, { screen: null, head: discoverHead, status: 200 });
}
