import { Hono } from 'hono';
import {
  importAnswer,
  importForm,
  importPreviewAnswer,
  importSourceParam,
  maxImportBytes,
} from '../../../../schema/imports';
import type { AppEnv } from '../../app-env';
import { requireAuth } from '../../middleware/auth';
import { boardWriterOf, changesBoard, changesNoBoard } from '../../middleware/board-changes';
import { documented, sendJson } from '../../middleware/contract';
import { ApiError } from '../../middleware/errors';
import { idempotent } from '../../middleware/idempotency';
import { limitBodySize } from '../../middleware/request-body';
import { validate } from '../../middleware/validate';

// Room for the multipart envelope around a file at the limit.
const multipartOverheadBytes = 16 * 1024;
const fileTooLarge = `The file is too large: the limit is ${maxImportBytes / 1024 / 1024} MB.`;
const tag = 'Import';
// The exports' parsers load with an isolate's first import, never at its start.
const imports = () => import('../../../domain/imports/imports');

const receivesExport = limitBodySize(maxImportBytes + multipartOverheadBytes, fileTooLarge);

/** The uploaded export, as the parser reads it. */
async function exportFile(file: File) {
  if (file.size > maxImportBytes) throw new ApiError(413, fileTooLarge);
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

export const importRoutes = new Hono<AppEnv>()
  .post(
    '/:source/preview',
    documented({
      tag,
      summary:
        "What importing an export would add, without adding it (multipart `file`): Goodreads' or StoryGraph's library CSV, Letterboxd's CSVs or its export ZIP whole, Trakt's data export ZIP or one JSON file of it, IMDb's ratings CSV; a CSV is recognised by its header row",
      answers: { 200: importPreviewAnswer },
      refusals: [400, 401, 413],
    }),
    changesNoBoard,
    requireAuth,
    receivesExport,
    validate('param', importSourceParam),
    validate('form', importForm),
    async (c) => {
      const { source } = c.req.valid('param');
      const { file: upload, list } = c.req.valid('form');
      const { planImport, previewOf } = await imports();
      const plan = await planImport(c.var.db, c.var.viewer.id, source, await exportFile(upload), {
        list,
      });
      return sendJson(c, previewOf(plan), 200);
    },
  )
  .post(
    '/:source',
    documented({
      tag,
      summary:
        'Add the books, films or shows of an export (Goodreads, StoryGraph, Letterboxd, Trakt, IMDb) to your board (what the preview showed), all or none; blocks imported before are not added again',
      answers: { 200: importAnswer },
      refusals: [400, 401, 409, 413],
    }),
    changesBoard,
    requireAuth,
    idempotent,
    receivesExport,
    validate('param', importSourceParam),
    validate('form', importForm),
    async (c) => {
      const { db } = c.var;
      const { source } = c.req.valid('param');
      const { file: upload, list, covers } = c.req.valid('form');
      const { planImport, runImport } = await imports();
      const plan = await planImport(db, c.var.viewer.id, source, await exportFile(upload), {
        list,
      });
      const imported = await runImport(boardWriterOf(c, c.var.viewer.id), plan, { covers });
      return sendJson(c, imported, 200);
    },
  );
