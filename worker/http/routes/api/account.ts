import { Hono } from 'hono';
import {
  accountExport,
  changeEmailInput,
  changePasswordInput,
  deleteAccountInput,
} from '../../../../schema/account';
import { letterboxdExportQuery } from '../../../../schema/imports';
import { messageAnswer } from '../../../../schema/users';
import { endSessionsOf } from '../../../domain/account/sessions';
import { afterAnswer } from '../../after-answer';
import type { AppEnv } from '../../app-env';
import { requireAuth } from '../../middleware/auth';
import { boardWriterOf, changesBoard, changesNoBoard } from '../../middleware/board-changes';
import { documented, sendJson } from '../../middleware/contract';
import { rateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';

const tag = 'Account';

// Settings, exports and deletion load with the first such request: no reader's isolate needs them.
const account = () => import('../../../domain/account/account');

/** The headers of a CSV file downloaded under `name`. */
const csvFile = (name: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${name}"`,
});

export const accountRoutes = new Hono<AppEnv>()
  .post(
    '/sign-out-everywhere',
    documented({
      tag,
      summary: 'Sign out of all devices: every session of the account ends, this one too',
      answers: { 200: messageAnswer },
      refusals: [401],
    }),
    changesNoBoard,
    requireAuth,
    async (c) => {
      await endSessionsOf(c.var.db, c.var.viewer.id);
      return sendJson(c, { message: 'Signed out of all devices.' }, 200);
    },
  )
  .put(
    '/password',
    documented({
      tag,
      summary: 'Change your password (the current one first); your other sessions end',
      answers: { 200: messageAnswer },
      refusals: [400, 401, 429],
    }),
    changesNoBoard,
    rateLimit('AUTH_LIMITER', 'change-password'),
    requireAuth,
    validate('json', changePasswordInput),
    async (c) => {
      const { db } = c.var;
      await (await account()).changePassword(
        db,
        c.env,
        c.var.viewer,
        c.var.sessionId,
        c.req.valid('json'),
      );
      const message = 'Password changed. Your other devices are signed out.';
      return sendJson(c, { message }, 200);
    },
  )
  .put(
    '/email',
    documented({
      tag,
      summary:
        'Change your email address (your password first): it changes once the link mailed to it is followed',
      answers: { 202: messageAnswer },
      refusals: [400, 401, 429],
    }),
    changesNoBoard,
    rateLimit('AUTH_LIMITER', 'change-email'),
    requireAuth,
    validate('json', changeEmailInput),
    async (c) => {
      const input = c.req.valid('json');
      await (await account()).changeEmail(c.var.db, c.env, c.var.viewer, input, afterAnswer(c));
      const message = `Check ${input.email}: your address changes once you open the link we sent there.`;
      return sendJson(c, { message }, 202);
    },
  )
  .get(
    '/export',
    documented({
      tag,
      summary: 'Download everything Up2 holds about you, as one JSON file',
      answers: { 200: accountExport },
      refusals: [401],
    }),
    requireAuth,
    async (c) => {
      const origin = new URL(c.req.url).origin;
      const data = await (await account()).exportAccount(c.var.db, c.var.viewer, origin);
      c.header('Content-Disposition', `attachment; filename="up2-${c.var.viewer.username}.json"`);
      return sendJson(c, data, 200);
    },
  )
  .get(
    '/export/blocks',
    documented({
      tag,
      summary: 'Download your blocks as CSV, one row a block, for a spreadsheet',
      answers: { 200: { contentType: 'text/csv' } },
      refusals: [401],
    }),
    requireAuth,
    async (c) => {
      const csv = await (await account()).exportBlocksCsv(
        c.var.db,
        c.var.viewer,
        new URL(c.req.url).origin,
      );
      return c.body(csv, 200, csvFile(`up2-${c.var.viewer.username}-blocks.csv`));
    },
  )
  .get(
    '/export/letterboxd',
    documented({
      tag,
      summary:
        "Download your films as the CSV Letterboxd's importer reads: those Done as watched (day, rating, review, rewatch), or with `list=watchlist` those Planned",
      answers: { 200: { contentType: 'text/csv' } },
      refusals: [400, 401],
    }),
    requireAuth,
    validate('query', letterboxdExportQuery),
    async (c) => {
      const list = c.req.valid('query').list ?? 'watched';
      const { letterboxdCsv } = await import('../../../domain/imports/board-exports');
      const csv = await letterboxdCsv(c.var.db, c.var.viewer.id, list);
      const name = `up2-${c.var.viewer.username}-letterboxd${list === 'watchlist' ? '-watchlist' : ''}.csv`;
      return c.body(csv, 200, csvFile(name));
    },
  )
  .get(
    '/export/goodreads',
    documented({
      tag,
      summary:
        "Download your books in Goodreads' library export layout, which Goodreads and StoryGraph import (shelf by status, rating, dates, review)",
      answers: { 200: { contentType: 'text/csv' } },
      refusals: [401],
    }),
    requireAuth,
    async (c) => {
      const { goodreadsCsv } = await import('../../../domain/imports/board-exports');
      const csv = await goodreadsCsv(c.var.db, c.var.viewer.id);
      return c.body(csv, 200, csvFile(`up2-${c.var.viewer.username}-goodreads.csv`));
    },
  )
  .get(
    '/export/archive',
    documented({
      tag,
      summary:
        'Download everything Up2 holds about you as a ZIP: account.json (as GET /api/account/export) and every image your board shows',
      answers: { 200: { contentType: 'application/zip' } },
      refusals: [401],
    }),
    requireAuth,
    async (c) => {
      const origin = new URL(c.req.url).origin;
      const { accountArchive } = await import('../../../domain/account/archive');
      const zip = await accountArchive(c.var.db, c.env, c.var.viewer, origin);
      return c.body(zip, 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="up2-${c.var.viewer.username}.zip"`,
      });
    },
  )
  .delete(
    '/',
    documented({
      tag,
      summary: 'Delete your account, board, blocks, counts and images (your password first)',
      answers: { 200: messageAnswer },
      refusals: [400, 401, 429],
    }),
    // Every cached rendition of the board moves to a version nothing answers for: 404 at once.
    changesBoard,
    rateLimit('AUTH_LIMITER', 'delete-account'),
    requireAuth,
    validate('json', deleteAccountInput),
    async (c) => {
      const { viewer } = c.var;
      await (await account()).deleteAccount(
        boardWriterOf(c, viewer.id),
        viewer,
        c.req.valid('json').password,
      );
      return sendJson(c, { message: 'Your account and board are deleted.' }, 200);
    },
  );
