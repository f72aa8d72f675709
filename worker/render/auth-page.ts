import { documentTitle, renderAuthScreen } from '../../web/server';
import { renderedOrNull, renderShellPage } from './app-shell';

/** `/auth`: the built shell with Sign Up, or Sign In (`search` is `?tab=signin`), rendered in it. */
export async function renderAuthPage(shell: Response, origin: string, search: '' | '?tab=signin') {
  const screen = await renderedOrNull(renderAuthScreen(origin, search));
  const title = documentTitle(search ? 'Sign In' : 'Sign Up');
  const head = { title, description: "Share what you're up to these days", tags: [] };
  return renderShellPage(shell, { screen, head, status: 200 });
}
