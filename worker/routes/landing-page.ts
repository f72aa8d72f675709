import { Hono } from 'hono';
import { discoverQuery } from '../../schema/boards';
import { liveBoardsLimit, renderLandingScreen } from '../../web/server';
import { appPageSecurityHeaders } from '../middleware/security-headers';
import { fetchAppShell, renderedOrNull, renderShellPage } from '../pages/app-shell';
import { discoverBoards } from '../services/boards';
import { getDb } from '../services/db';
import { cachedPage } from '../services/edge-cache';
import type { AppEnv } from '../types';

/**
 * `/`: the web app's shell with the landing page rendered in it, Explore Live Boards included,
 * so the first visit paints before any script runs and hydrates without calling the API.
 */
export const landingPage = new Hono<AppEnv>().use(appPageSecurityHeaders).get('/', (c) =>
  // The newest boards may show a minute late; the page costs no render for most visits.
  cachedPage(c, { name: 'landing', seconds: 60 }, async () => {
    const url = new URL(c.req.url);
    const [shell, newestBoards] = await Promise.all([
      fetchAppShell(c.env, c.req.url),
      discoverBoards(getDb(c.env), discoverQuery.parse({ limit: liveBoardsLimit })),
    ]);
    if (!shell.ok) return c.newResponse(shell.body, shell);
    const screen = await renderedOrNull(renderLandingScreen(url.origin, newestBoards));
    return renderShellPage(shell, { screen, status: 200 });
  }),
);
