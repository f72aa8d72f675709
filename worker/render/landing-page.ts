import { documentTitle, landingScreenName, renderLandingScreen } from '../../web/server';
import { renderedOrNull, renderShellPage } from './app-shell';

export { liveBoardsLimit } from '../../web/server';

const landingDescription =
  'Hey, what are you UP2 these days? Turn scattered activities into one clean link.';

/**
 * `/`: the built shell with the landing page rendered in it, Explore Live Boards (`liveBoards`)
 * included, so the first visit paints before any script runs and hydrates without calling the API.
 */
export async function renderLandingPage(
  shell: Response,
  origin: string,
  liveBoards: Parameters<typeof renderLandingScreen>[1],
): Promise<Response> {
  const screen = await renderedOrNull(renderLandingScreen(origin, liveBoards));
  // Named as the app names the screen: a reader's page never runs the app to rename it.
  const head = {
    title: documentTitle(landingScreenName),
    description: landingDescription,
    tags: [],
  };
  return renderShellPage(shell, { screen, head, status: 200 });
}
