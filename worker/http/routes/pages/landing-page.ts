import { Hono } from 'hono';
import { discoverAnswer, discoverQuery } from '../../../../schema/boards';
import { discoverBoards } from '../../../domain/discover/discover';
import { answeringOf, cachedPage } from '../../../platform/edge-cache';
import { fetchAppShell } from '../../../render/app-shell';
import { liveBoardsLimit, renderLandingPage } from '../../../render/landing-page';
import type { AppEnv } from '../../app-env';
import { appPageSecurityHeaders } from '../../middleware/security-headers';
import { markShownBoards, shownBoardsAreCurrent } from '../../shown-boards';

/**
 * `/`: the web app's shell with the landing page rendered in it, Explore Live Boards included,
 * so the first visit paints before any script runs and hydrates without calling the API. Kept at
 * the edge for a minute, but no longer than the boards it shows stay as they were: a board made
 * private or edited leaves it at once (in other locations within KV's minute, as boards do). When
 * the database is down, a kept copy is served only if every board in it is of the version it was
 * rendered at, when it was public.
 */
export const landingPage = new Hono<AppEnv>().get('/', appPageSecurityHeaders, (c) => {
  const isCurrent = shownBoardsAreCurrent(c.env);
  const answering = answeringOf(c);
  return cachedPage(answering, { name: 'landing', seconds: 60, isCurrent }, async () => {
    const url = new URL(c.req.url);
    const [shell, found] = await Promise.all([
      fetchAppShell(c.env, c.req.url),
      discoverBoards(c.var.db, discoverQuery.parse({ limit: liveBoardsLimit })),
    ]);
    // In the public contract, as Discover answers it: what a card of the page may show.
    const liveBoards = discoverAnswer.parse(found);
    if (!shell.ok) return c.newResponse(shell.body, shell);
    const page = await renderLandingPage(shell, url.origin, liveBoards);
    await markShownBoards(
      c.env,
      page,
      liveBoards.boards.map((board) => board.user.username),
    );
    return page;
  });
});
