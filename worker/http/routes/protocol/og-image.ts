import { Hono } from 'hono';
import { findPublicBoard } from '../../../domain/boards/boards';
import { readYearFigures } from '../../../domain/year/figures';
import { answeringOf } from '../../../platform/edge-cache';
import { refusalIn } from '../../../platform/refusal';
import { ogImageEtag } from '../../../render/board-meta';
import { ogCardFingerprint, ogCardOf } from '../../../render/og-card';
import type { YearImageKind } from '../../../render/year-card';
import type { AppEnv } from '../../app-env';
import { cachedBoardResponse } from '../../board-cache';
import { documented } from '../../middleware/contract';
import { ApiError } from '../../middleware/errors';
import { publicApiSecurityHeaders } from '../../middleware/security-headers';

const noBoard = () => new ApiError(404, 'No public Up2 board has this name.');
const noYear = () =>
  new ApiError(404, 'No public Up2 board has this name, or this year has not happened yet.');

/** A few minutes fresh, then served stale while revalidated, so a board turned private drops out soon. */
const cacheControl = 'public, max-age=300, stale-while-revalidate=86400';

/**
 * `GET /api/og/{username}.png`: the board's link-preview card (og:image), always the current one
 * (the `v` the board page adds only gives a changed card a new address). Unfurlers and other
 * sites load it from anywhere, so unlike the rest of the API it is cross-origin readable.
 */
export const ogImageRoutes = new Hono<AppEnv>()
  .use(publicApiSecurityHeaders)
  .get(
    '/:username/years/:file',
    documented({
      tag: 'Embeds',
      summary:
        "A board's year in review as an image: its link-preview card, 1200x630 (`/api/og/{username}/years/{year}.png`), or a phone story, 1080x1920 (`{year}-story.png`)",
      answers: { 200: { contentType: 'image/png' } },
      refusals: [404],
    }),
    (c) => {
      const file = c.req.param('file').match(/^(\d{4})(-story)?\.png$/);
      const username = c.req.param('username').toLowerCase();
      const year = Number(file?.[1]);
      const kind: YearImageKind = file?.[2] ? 'story' : 'card';
      if (!file || !/^[a-z0-9]{3,20}$/.test(username)) throw noYear();
      const answering = answeringOf(c);
      const board = { kind: 'year-image', username, variant: `${year}-${kind}` } as const;
      return cachedBoardResponse(answering, board, async (db) => {
        const { ownerId, figures } = await readYearFigures(db, username, year).catch(
          (error: unknown) => {
            throw refusalIn(error)?.kind === 'not-found' ? noYear() : error;
          },
        );
        const { renderYearImage } = await import('../../../render/og-image');
        const png = await renderYearImage(c.env, figures, kind);
        const headers = { 'content-type': 'image/png', 'access-control-allow-origin': '*' };
        return { response: c.body(png, 200, headers), boardId: ownerId };
      });
    },
  )
  .get(
    '/:file',
    documented({
      tag: 'Embeds',
      summary: "A board's link-preview card, 1200x630 (`/api/og/{username}.png`)",
      answers: { 200: { contentType: 'image/png' } },
      refusals: [404],
    }),
    async (c) => {
      const username = c.req
        .param('file')
        .match(/^([a-z0-9]{3,20})\.png$/i)?.[1]
        ?.toLowerCase();
      if (!username) throw noBoard();
      const board = await findPublicBoard(c.var.db, username);
      if (!board) throw noBoard();
      const card = ogCardOf(board.body);
      const fingerprint = await ogCardFingerprint(card);
      const etag = ogImageEtag(fingerprint);
      const headers = {
        'content-type': 'image/png',
        'cache-control': cacheControl,
        etag,
        'access-control-allow-origin': '*',
      };
      const ifNoneMatch = c.req.header('if-none-match');
      if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
        return c.body(null, 304, headers);
      }
      const { loadOgImage } = await import('../../../render/og-image');
      const png = await loadOgImage(c.env, card, fingerprint, (promise) =>
        c.executionCtx.waitUntil(promise),
      );
      return c.body(png, 200, headers);
    },
  );
