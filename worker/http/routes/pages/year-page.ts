import { Hono } from 'hono';
import { yearParam } from '../../../../schema/years';
import { readYearFigures } from '../../../domain/year/figures';
import { answeringOf } from '../../../platform/edge-cache';
import { refusalIn } from '../../../platform/refusal';
import { fetchAppShell } from '../../../render/app-shell';
import { usernameFromBoardPath } from '../../../render/board-meta';
import { renderYearPage } from '../../../render/year-page';
import type { AppEnv } from '../../app-env';
import { cachedBoardResponse } from '../../board-cache';
import { appPageSecurityHeaders } from '../../middleware/security-headers';

/**
 * `/@alice/year/2026`: the board's year in review, rendered whole on the server and cached with
 * the board's version. A private or unknown board, or a year to come, answers 404.
 */
export const yearPage = new Hono<AppEnv>().get(
  '/:handle/year/:year{[0-9]{1,4}}',
  appPageSecurityHeaders,
  (c) => {
    const url = new URL(c.req.url);
    const handle = c.req.param('handle');
    const username = handle.startsWith('@') ? usernameFromBoardPath(`/${handle}`) : undefined;
    const asked = yearParam.safeParse({ username: username ?? '', year: c.req.param('year') });
    const year = asked.data?.year;
    const answering = answeringOf(c);
    const board = { kind: 'year-page', username, variant: String(year ?? 'none') } as const;
    return cachedBoardResponse(answering, board, async (db) => {
      const [shell, read] = await Promise.all([
        fetchAppShell(c.env, c.req.url),
        username && year !== undefined
          ? readYearFigures(db, username, year).catch((error: unknown) => {
              if (refusalIn(error)?.kind === 'not-found') return null;
              throw error;
            })
          : null,
      ]);
      if (!shell.ok) return { response: c.newResponse(shell.body, shell), boardId: null };
      const page = {
        env: c.env,
        origin: url.origin,
        username: username ?? '',
        year: c.req.param('year'),
        figures: read?.figures ?? null,
      };
      return { response: await renderYearPage(shell, page), boardId: read?.ownerId ?? null };
    });
  },
);
