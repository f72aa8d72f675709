import type { YearFigures } from '../../schema/years';
import { renderYearScreen } from '../../web/server';
import { renderedOrNull, renderShellPage } from './app-shell';
import { notFoundYearHead, yearHead } from './board-meta';

type YearPage = {
  env: Pick<Env, 'APP_URL'>;
  origin: string;
  username: string;
  year: string;
  /** The figures, or null for Year Not Found (unknown or private board, a year to come). */
  figures: YearFigures | null;
};

/**
 * `/@alice/year/2026`: the built shell with the year in review rendered in it, whole before any
 * script runs, with its own link-preview image; Year Not Found (404) when there is none to show.
 */
export async function renderYearPage(
  shell: Response,
  { env, origin, username, year, figures }: YearPage,
): Promise<Response> {
  const screen = await renderedOrNull(renderYearScreen(origin, username, year, figures));
  if (!figures) return renderShellPage(shell, { screen, head: notFoundYearHead, status: 404 });
  return renderShellPage(shell, { screen, head: yearHead(env, origin, figures), status: 200 });
}
