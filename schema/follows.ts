import { z } from 'zod';
import { blockStoryKinds } from './block-values';
import { publicBlock } from './blocks';
import { boardSettings } from './boards';
import { publicUser } from './users';

/** How many boards one person can follow: it bounds the following feed's work per read. */
export const maxFollowedBoards = 1000;

/** `/api/follows/{username}`: a board's name, with or without its @, in any case. */
export const followParam = z.strictObject({
  username: z
    .string()
    .trim()
    .max(100)
    .transform((name) => name.replace(/^@/, '').toLowerCase()),
});

/** Where a page of the following feed ends: its last event's time and id, which order the feed. */
export type FeedPosition = { at: number; id: number };

const badCursor = 'cursor must be the nextCursor of an earlier answer.';

/** The cursor is opaque to clients (base64url of "at.id"), so its form can change later. */
export function encodeFeedCursor({ at, id }: FeedPosition): string {
  return btoa(`${at}.${id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decodeFeedCursor(cursor: string): FeedPosition | null {
  try {
    const match = /^(\d{1,15})\.(\d{1,15})$/.exec(
      atob(cursor.replace(/-/g, '+').replace(/_/g, '/')),
    );
    return match ? { at: Number(match[1]), id: Number(match[2]) } : null;
  } catch {
    return null;
  }
}

export const followingFeedQuery = z.strictObject({
  cursor: z
    .string()
    .max(64, badCursor)
    .transform((cursor, ctx) => {
      const position = decodeFeedCursor(cursor);
      if (position) return position;
      ctx.addIssue({ code: 'custom', message: badCursor });
      return z.NEVER;
    })
    .optional(),
});

/** Whose board a line of news is about, as the Following screen names and pictures them. */
const followedPerson = publicUser.pick({ username: true, displayName: true, avatar: true });

/** `POST` and `DELETE /api/follows/{username}`: whether the viewer follows the board now. */
export const followAnswer = z.object({ following: z.boolean() });

/** `GET /api/follows`: the public boards the viewer follows, latest followed first. */
export const followedBoardsAnswer = z.object({
  boards: z.array(
    publicUser.pick({ username: true, displayName: true, avatar: true, tagline: true }),
  ),
});

/**
 * `GET /api/following/feed`: the latest news of the boards the viewer follows, newest first: who,
 * what happened, when (ms), and the block as a visitor sees it on that board (with the board's
 * image settings, which decide how its card draws).
 */
export const followingFeedAnswer = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(blockStoryKinds),
      at: z.number().int(),
      user: followedPerson,
      board: boardSettings,
      block: publicBlock,
    }),
  ),
  nextCursor: z.string().nullable(),
});
