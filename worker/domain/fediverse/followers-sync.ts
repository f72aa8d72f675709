import {
  buildCollectionSynchronizationHeader,
  type Context,
  type Federation,
  type Message,
  type RequestContext,
} from '@fedify/fedify';
import { and, eq, sql } from 'drizzle-orm';
import { fediverseFollowers } from '../../../schema/tables';
import type { Db } from '../../platform/db';
import { findUserByUsername } from '../account/users';
import type { FediverseData } from './federation';

// Followers that stay in step (FEP-8fcf): each delivery to a board's followers names, in its
// `Collection-Synchronization` header, a digest of the board's followers on the receiving server
// and the partial followers collection listing them, which answers only that server, signed. A
// server whose own list differs (a follow it kept that we dropped, or the reverse) then mends it.

/** The ids of a board's followers (let in) whose accounts are on the server `origin`. */
async function followersOn(db: Db, userId: number, origin: string): Promise<string[]> {
  const rows = await db
    .select({ actorId: fediverseFollowers.actorId })
    .from(fediverseFollowers)
    .where(
      and(
        eq(fediverseFollowers.userId, userId),
        eq(fediverseFollowers.waiting, false),
        sql`substr(${fediverseFollowers.actorId}, 1, ${origin.length + 1}) = ${`${origin}/`}`,
      ),
    );
  return rows.map((row) => row.actorId);
}

const addressees = (activity: Record<string, unknown>) =>
  [activity.to, activity.cc].flat().filter((to): to is string => typeof to === 'string');

/**
 * A queued delivery of a board's activity to its followers, with FEP-8fcf's header for the server
 * it goes to (read at send time, so it counts the followers as they are then). Other deliveries
 * (an Accept to one account, another board's) go as they are.
 */
export async function withFollowersDigest(
  federation: Federation<FediverseData>,
  data: FediverseData,
  task: Message,
): Promise<Message> {
  if (task.type !== 'outbox') return task;
  const ctx = federation.createContext(new URL(task.baseUrl), data);
  const activity = task.activity as Record<string, unknown>;
  const actor = typeof activity.actor === 'string' ? ctx.parseUri(new URL(activity.actor)) : null;
  if (actor?.type !== 'actor') return task;
  const collection = ctx.getFollowersUri(actor.identifier);
  if (!addressees(activity).includes(collection.href)) return task;
  const owner = await findUserByUsername(ctx.data.db, actor.identifier);
  if (!owner) return task;
  const followers = await followersOn(ctx.data.db, owner.id, new URL(task.inbox).origin);
  if (followers.length === 0) return task;
  const header = await buildCollectionSynchronizationHeader(collection, followers);
  return { ...task, headers: { ...task.headers, 'collection-synchronization': header } };
}

/**
 * The board's followers on the server at `base` (its origin), as the partial collection of a
 * digest lists them; none for a board that is not public.
 */
export async function followersOnServer(ctx: Context<FediverseData>, username: string, base: URL) {
  const owner = await findUserByUsername(ctx.data.db, username);
  if (!owner?.isPublic) return null;
  const followers = await followersOn(ctx.data.db, owner.id, base.origin);
  return { items: followers.map((id) => ({ id: new URL(id), inboxId: null })) };
}

/**
 * Who may read the board's followers collection: its whole count, anyone; its partial collection
 * of one server's followers (`?base-url=`), only that server, by a signed request.
 */
export async function mayReadFollowers(ctx: RequestContext<FediverseData>): Promise<boolean> {
  const base = ctx.url.searchParams.get('base-url');
  if (base === null) return true;
  const signer = await ctx.getSignedKeyOwner();
  return URL.canParse(base) && signer?.id?.origin === new URL(base).origin;
}
