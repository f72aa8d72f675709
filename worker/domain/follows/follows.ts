import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { defaultAccent } from '../../../schema/accents';
import { encodeFeedCursor, type FeedPosition, maxFollowedBoards } from '../../../schema/follows';
import { blockStoryEvents, blocks, boardSettings, follows, users } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { Refusal } from '../../platform/refusal';
import type { UserRow } from '../account/users';
import { findUserByUsername } from '../account/users';
import { boardNotFound } from '../boards/boards';
import { countFediverseFollowers } from '../fediverse/followers';

/** How many lines of news a page of the following feed holds. */
const feedPageSize = 20;

/** The board `username` names, if the follower may follow it: public, and not their own. */
async function followableBoard(db: Db, follower: UserRow, username: string) {
  const owner = await findUserByUsername(db, username);
  if (owner?.id === follower.id) {
    throw new Refusal('invalid', "You can't follow your own board.");
  }
  // A private board answers exactly like an unknown one, as it does everywhere else.
  if (!owner?.isPublic) throw boardNotFound();
  return owner;
}

/** Follows a board, and gives back its owner; following it again changes nothing. */
export async function followBoard(db: Db, follower: UserRow, username: string) {
  const owner = await followableBoard(db, follower, username);
  const [already, [followed]] = await db.batch([
    db
      .select({ since: follows.createdAt })
      .from(follows)
      .where(and(eq(follows.followerId, follower.id), eq(follows.followedId, owner.id))),
    db.select({ boards: count() }).from(follows).where(eq(follows.followerId, follower.id)),
  ]);
  if (already.length > 0) return owner;
  if ((followed?.boards ?? 0) >= maxFollowedBoards) {
    throw new Refusal(
      'conflict',
      `You already follow ${maxFollowedBoards.toLocaleString('en')} boards, the most one person can. Unfollow one to follow this one.`,
    );
  }
  await db
    .insert(follows)
    .values({ followerId: follower.id, followedId: owner.id })
    .onConflictDoNothing();
  return owner;
}

/** Stops following a board; unfollowing one not followed changes nothing. */
export async function unfollowBoard(db: Db, follower: UserRow, username: string) {
  const owner = await followableBoard(db, follower, username);
  await db
    .delete(follows)
    .where(and(eq(follows.followerId, follower.id), eq(follows.followedId, owner.id)));
}

/**
 * The public boards a person follows, latest followed first. A followed board that went private
 * is left out but still followed: it comes back if it turns public again.
 */
export async function listFollowedBoards(db: Db, followerId: number) {
  const boards = await db
    .select({
      username: users.username,
      displayName: users.displayName,
      avatar: users.avatar,
      tagline: users.tagline,
    })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followedId))
    .where(and(eq(follows.followerId, followerId), eq(users.isPublic, true)))
    .orderBy(desc(follows.createdAt), desc(follows.followedId));
  return { boards };
}

/**
 * How many people follow a board, on Up2 and from other servers: its owner's number, never who
 * they are.
 */
export async function countFollowers(db: Db, ownerId: number): Promise<number> {
  const [[row], fediverse] = await Promise.all([
    db.select({ followers: count() }).from(follows).where(eq(follows.followedId, ownerId)),
    countFediverseFollowers(db, ownerId),
  ]);
  return (row?.followers ?? 0) + fediverse;
}

/**
 * The ids of one page of the following feed, in SQL the planner cannot reorder (CROSS JOIN keeps
 * `follows` outermost, so a read touches only the boards this person follows, never all public
 * ones). The news of a board is its events other than `added` (which only repeats the first
 * status) on visible blocks, read newest first from `(user_id, at)`.
 *
 * Reading every followed board's latest page and sorting them all would touch up to 500 × 21
 * events. Instead: `latest` finds each followed board's newest event before the cursor (one short
 * probe per board); only the `page + 1` boards whose newest events are latest can hold the page's
 * events (any other board is beaten by at least that many newer events), so `busiest` keeps those,
 * and `candidates` reads at most `page + 1` events from each of them. See docs/decisions/0013.
 */
function feedPageIds(followerId: number, before: FeedPosition, take: number) {
  const boardNews = (board: SQL, limit: number) => sql`
    SELECT news.id FROM block_story_events news
    JOIN blocks shown ON shown.id = news.block_id
    WHERE news.user_id = ${board} AND news.kind <> 'added' AND shown.is_visible = 1
      AND (news.at, news.id) < (${before.at}, ${before.id})
    ORDER BY news.at DESC, news.id DESC LIMIT ${limit}`;
  return sql`
    WITH latest AS (
      SELECT followed.followed_id AS board_id,
        (${boardNews(sql`followed.followed_id`, 1)}) AS event_id
      FROM follows followed CROSS JOIN users owner ON owner.id = followed.followed_id
      WHERE followed.follower_id = ${followerId} AND owner.is_public = 1
    ),
    busiest AS (
      SELECT latest.board_id FROM latest
      JOIN block_story_events newest ON newest.id = latest.event_id
      ORDER BY newest.at DESC, newest.id DESC LIMIT ${take}
    )
    SELECT candidate.id FROM busiest
    JOIN block_story_events candidate ON candidate.id IN (${boardNews(sql`busiest.board_id`, take)})
    ORDER BY candidate.at DESC, candidate.id DESC LIMIT ${take}`;
}

/**
 * One page of the following feed (and one line more, which says whether another page follows),
 * newest first, each event with its block, its board's owner and settings.
 */
export function followingFeedPage(db: Db, followerId: number, before: FeedPosition) {
  return db
    .select({
      id: blockStoryEvents.id,
      kind: blockStoryEvents.kind,
      at: blockStoryEvents.at,
      user: { username: users.username, displayName: users.displayName, avatar: users.avatar },
      settings: boardSettings,
      block: blocks,
    })
    .from(blockStoryEvents)
    .innerJoin(blocks, eq(blocks.id, blockStoryEvents.blockId))
    .innerJoin(users, eq(users.id, blockStoryEvents.userId))
    .leftJoin(boardSettings, eq(boardSettings.userId, users.id))
    .where(sql`${blockStoryEvents.id} IN (${feedPageIds(followerId, before, feedPageSize + 1)})`)
    .orderBy(desc(blockStoryEvents.at), desc(blockStoryEvents.id));
}

/**
 * The latest news of the public boards a person follows, newest first, a page at a time: each
 * line with whose board it is and the block as a visitor sees it there. Privacy and hidden blocks
 * are read at the time of the request, so a board going private leaves its followers' news at once.
 */
export async function readFollowingFeed(db: Db, followerId: number, cursor?: FeedPosition) {
  const before = cursor ?? { at: Number.MAX_SAFE_INTEGER, id: Number.MAX_SAFE_INTEGER };
  const rows = await followingFeedPage(db, followerId, before);
  const page = rows.slice(0, feedPageSize);
  const last = page.at(-1);
  return {
    items: page.map(({ settings, ...item }) => ({
      ...item,
      board: {
        globalImageRatio: settings?.globalImageRatio ?? 'square',
        hideAllImages: settings?.hideAllImages ?? false,
        accent: settings?.accent ?? defaultAccent,
      },
    })),
    nextCursor: rows.length > feedPageSize && last ? encodeFeedCursor(last) : null,
  };
}
