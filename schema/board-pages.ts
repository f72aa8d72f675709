import { z } from 'zod';
import { type BlockStatus, blockStatuses } from './block-values';
import { publicBlock } from './blocks';

/**
 * The blocks a public answer carries of each tab at once: twelve full rows of the widest grid (five
 * columns), and of two, three and four. Three tabs of it (180 cards) weigh about what a board of
 * the old 200-block limit did, so the page stays within its budget however large the board.
 */
export const tabPageSize = 60;

/** Where a tab's next page starts: after the block at `position` (and `id`, for equal positions). */
export type TabCursor = { position: number; id: number };

const cursorPattern = /^(-?\d{1,15})\.(\d{1,15})$/;
const cursorMessage = 'cursor must be the next page of an earlier answer, as it gave it.';

/** The cursor as answers carry it: opaque to readers, who only send it back. */
export function tabCursorText({ position, id }: TabCursor): string {
  return `${position}.${id}`;
}

const tabCursor = z.string({ error: cursorMessage }).transform((text, ctx): TabCursor => {
  const [, position, id] = cursorPattern.exec(text) ?? [];
  if (position === undefined || id === undefined) {
    ctx.addIssue({ code: 'custom', message: cursorMessage });
    return z.NEVER;
  }
  return { position: Number(position), id: Number(id) };
});

const tabStatus = z.enum(blockStatuses, { error: 'status must be now, planned or done.' });

/** `GET /api/boards/{username}/blocks`: one page of a tab, the first unless `cursor` says. */
export const boardBlocksQuery = z.strictObject({
  status: tabStatus,
  cursor: tabCursor.optional(),
});

/**
 * `GET /api/blocks/me/tabs/{status}`: the page of the owner's tab after `cursor` (the first
 * without one), the `next` of an earlier answer.
 */
export const ownTabParam = z.strictObject({ status: tabStatus });
export const ownTabQuery = z.strictObject({ cursor: tabCursor.optional() });

/** The path of a tab's page of the API, after `cursor`. */
export function boardBlocksPath(username: string, status: BlockStatus, cursor: TabCursor): string {
  const query = new URLSearchParams({ status, cursor: tabCursorText(cursor) });
  return `/api/boards/${encodeURIComponent(username)}/blocks?${query}`;
}

/** The cursor a `next` path carries, for the pages that link to their own next page. */
export function cursorOfNext(next: string): string | null {
  return new URL(next, 'https://up2.invalid').searchParams.get('cursor');
}

const nextPage = z
  .string()
  .nullable()
  .describe('The path of the next page of this tab (GET it as is), or null on the last page.');

export const boardBlocksAnswer = z.object({
  blocks: z.array(publicBlock),
  next: nextPage,
});

/** A tab of a board as an answer sums it up: how many blocks it holds in all, and its next page. */
const tabSummary = z.object({ count: z.number().int(), next: nextPage });

export const boardTabs = z.object({ now: tabSummary, planned: tabSummary, done: tabSummary });

export type BoardTabs = z.output<typeof boardTabs>;

/**
 * The page of a tab a board page or embed was asked for past its first (`?done=<cursor>`, one tab
 * at a time), or null for the first pages: an unreadable cursor is the first page too.
 */
export function tabPageAskedIn(
  search: URLSearchParams,
): { status: BlockStatus; after: TabCursor } | null {
  for (const status of blockStatuses) {
    const after = tabCursor.safeParse(search.get(status) ?? undefined);
    if (after.success) return { status, after: after.data };
  }
  return null;
}

/**
 * `GET /api/boards/{username}`'s query: one tab's page past its first, by the cursor of its `next`
 * (`?done=<cursor>`, read by `tabPageAskedIn`; an unreadable one is the first pages, as on the page).
 */
export const boardPageQuery = z.object({
  now: z.string().optional(),
  planned: z.string().optional(),
  done: z.string().optional(),
});

/** The query naming the tab's page asked for past its first (`?done=<cursor>`), or '' for the first pages. */
export function tabPageSearch(asked: { status: BlockStatus; after: TabCursor } | null): string {
  return asked ? `?${asked.status}=${tabCursorText(asked.after)}` : '';
}

/** A page's address for a tab's page: `base` (the board page's or the embed's) with the cursor. */
export function tabPageHref(base: string, status: BlockStatus, cursor: string | null): string {
  if (cursor === null) return base;
  const url = new URL(base, 'https://up2.invalid');
  url.searchParams.set(status, cursor);
  return `${url.pathname}${url.search}`;
}
