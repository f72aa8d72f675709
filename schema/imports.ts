import { z } from 'zod';
// Imported for its one-time zod configuration (jitless), like every schema module.
import './fields';
import { blockStatuses } from './block-values';

/** Where a board can import from: Goodreads' library export, Letterboxd's watched and watchlist. */
export const importSources = ['goodreads', 'letterboxd'] as const;
export type ImportSource = (typeof importSources)[number];

/** A reader with thousands of shelved books and long reviews exports a few MB at most. */
export const maxImportBytes = 5 * 1024 * 1024;

export const importSourceParam = z.object({
  source: z.enum(importSources, { error: 'Import from goodreads or letterboxd.' }),
});

const chooseFile = 'Choose the CSV file to import.';

/** The export as multipart `file`, named as the service gave it (Letterboxd's name says the list). */
export const importForm = z.object({
  file: z.file({ error: chooseFile }),
});

/** What an import would add, before it does: the new blocks, and what it leaves out and why. */
export const importPreviewAnswer = z.object({
  blocks: z.array(
    z.object({
      title: z.string(),
      subtitle: z.string().nullable(),
      status: z.enum(blockStatuses),
      // When it entered its status (the date read, watched or shelved), in ms; null when unknown.
      statusSince: z.number().int().nullable(),
      // The stars the file gives it, ½ to 5; null when it gives none.
      rating: z.number().nullable(),
    }),
  ),
  /** Blocks this file would add; `blocks` lists the first of them, as many as a board holds. */
  newCount: z.number().int(),
  /** Rows already on the board from an earlier import. */
  alreadyImported: z.number().int(),
  /** Rows left out: another shelf, or no title. */
  skippedRows: z.number().int(),
  /** How many more blocks the board holds. */
  room: z.number().int(),
  /** Why the import cannot go ahead (the board lacks room for all it would add), or null. */
  doesNotFit: z.string().nullable(),
});

export const importAnswer = z.object({
  added: z.number().int(),
  alreadyImported: z.number().int(),
  skippedRows: z.number().int(),
});
