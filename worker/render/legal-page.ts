import { documentTitle, legalPages, renderLegalScreen } from '../../web/server';
import { renderedOrNull, renderShellPage } from './app-shell';

export type LegalPath = keyof typeof legalPages;

/** `/terms` or `/privacy`: the built shell with the operator's text rendered in it. */
export async function renderLegalPage(shell: Response, origin: string, path: LegalPath) {
  const screen = await renderedOrNull(renderLegalScreen(origin, path));
  const head = { title: documentTitle(legalPages[path]), description: legalPages[path], tags: [] };
  return renderShellPage(shell, { screen, head, status: 200 });
}
