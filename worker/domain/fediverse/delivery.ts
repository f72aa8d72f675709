import type { Context, Federation } from '@fedify/fedify';
import {
  Accept,
  type Activity,
  Delete,
  Follow,
  PUBLIC_COLLECTION,
  type Recipient,
  Reject,
  Update,
} from '@fedify/fedify/vocab';
import { and, asc, desc, eq, gt, min } from 'drizzle-orm';
import {
  blockStoryEvents,
  fediverseFollowers,
  fediverseOutboxes,
  users,
} from '../../../schema/tables';
import type { Db } from '../../platform/db';
import type { UserRow } from '../account/users';
import { domainBlockOf } from '../moderation/domain-blocks';
import { moveOf } from './account-moves';
import { boardActor, boardStoryAuthor, type FediverseData, fediverse } from './federation';
import { readStoryEvent, storyActivity } from './story-notes';
import type { StoryMessage } from './story-queue';

/** How many inboxes one delivery message fans out to: one Queue batch send of Fedify's messages. */
const inboxesPerPage = 100;
/** A burst of news at once (an import) federates its newest events only. */
const maxEventsPerClaim = 20;

/** The board's owner while the board is public: a private board federates nothing. */
async function publicBoardOwner(db: Db, userId: number) {
  const owner = await db.select().from(users).where(eq(users.id, userId)).get();
  return owner?.isPublic ? owner : undefined;
}

/**
 * Claims the board's story events not yet sent (moving its outbox past them, so a second claim
 * finds nothing) and queues one delivery of each; a private board's are claimed and never sent.
 */
async function claimNewStories(env: Env, db: Db, message: StoryMessage & { up2: 'new-stories' }) {
  const outbox = await db
    .select()
    .from(fediverseOutboxes)
    .where(eq(fediverseOutboxes.userId, message.userId))
    .get();
  if (!outbox) return;
  const events = await db
    .select({ id: blockStoryEvents.id })
    .from(blockStoryEvents)
    .where(
      and(
        eq(blockStoryEvents.userId, message.userId),
        gt(blockStoryEvents.id, outbox.announcedUpTo),
      ),
    )
    .orderBy(desc(blockStoryEvents.id))
    .limit(1000);
  const newest = events[0];
  if (!newest) return;
  const claimed = await db
    .update(fediverseOutboxes)
    .set({ announcedUpTo: newest.id })
    .where(
      and(
        eq(fediverseOutboxes.userId, message.userId),
        eq(fediverseOutboxes.announcedUpTo, outbox.announcedUpTo),
      ),
    )
    .returning();
  if (claimed.length === 0) return;
  const owner = await publicBoardOwner(db, message.userId);
  if (!owner) return;
  const deliveries: StoryMessage[] = events
    .slice(0, maxEventsPerClaim)
    .reverse()
    .map((event) => ({ ...message, up2: 'deliver-story', eventId: event.id, after: '' }));
  await env.FEDIVERSE_QUEUE.sendBatch(deliveries.map((body) => ({ body, contentType: 'json' })));
}

/** One page of a board's distinct delivery inboxes after `after`, in order. */
async function inboxPage(db: Db, userId: number, after: string): Promise<Recipient[]> {
  const rows = await db
    .select({ inbox: fediverseFollowers.deliveryInbox, actorId: min(fediverseFollowers.actorId) })
    .from(fediverseFollowers)
    .where(
      and(
        eq(fediverseFollowers.userId, userId),
        eq(fediverseFollowers.waiting, false),
        gt(fediverseFollowers.deliveryInbox, after),
      ),
    )
    .groupBy(fediverseFollowers.deliveryInbox)
    .orderBy(asc(fediverseFollowers.deliveryInbox))
    .limit(inboxesPerPage);
  return rows.map((row) => ({
    id: row.actorId ? new URL(row.actorId) : null,
    inboxId: new URL(row.inbox),
  }));
}

/** The recipients whose server is not suspended: a follow it sent before may still be listed. */
async function notSuspended(env: Env, recipients: Recipient[]) {
  const blocks = await Promise.all(
    recipients.map((recipient) => domainBlockOf(env, recipient.inboxId?.hostname ?? '')),
  );
  return recipients.filter((_, index) => blocks[index] !== 'suspend');
}

/** Queues the same delivery for the inboxes after this page, when this page was a full one. */
async function queueNextPage(
  env: Env,
  message: StoryMessage & { after: string },
  recipients: Recipient[],
) {
  const last = recipients.at(-1)?.inboxId;
  if (recipients.length < inboxesPerPage || !last) return;
  await env.FEDIVERSE_QUEUE.send({ ...message, after: last.href }, { contentType: 'json' });
}

/**
 * Sends what `activityOf` builds to one page of the board's inboxes (Fedify queues one signed
 * delivery per inbox), and queues the next page. Read at send time: a board made private since,
 * or an activity with nothing left to say (undefined), stops here.
 */
async function deliverPage(
  federation: Federation<FediverseData>,
  data: FediverseData,
  message: StoryMessage & { after: string },
  activityOf: (ctx: Context<FediverseData>, owner: UserRow) => Promise<Activity | undefined>,
) {
  const owner = await publicBoardOwner(data.db, message.userId);
  if (!owner) return;
  const ctx = federation.createContext(new URL(message.origin), data);
  const [activity, recipients] = await Promise.all([
    activityOf(ctx, owner),
    inboxPage(data.db, owner.id, message.after),
  ]);
  if (!activity || recipients.length === 0) return;
  const allowed = await notSuspended(data.env, recipients);
  if (allowed.length > 0) {
    await ctx.sendActivity({ identifier: owner.username }, allowed, activity, { fanout: 'skip' });
  }
  await queueNextPage(data.env, message, recipients);
}

/** A story event as a `Create(Note)`; none once its block is hidden or gone. */
function storyOf(eventId: number) {
  return async (ctx: Context<FediverseData>, owner: UserRow) => {
    const event = await readStoryEvent(ctx.data.db, owner.id, eventId);
    if (!event) return undefined;
    return storyActivity(await boardStoryAuthor(ctx, owner), event);
  };
}

/**
 * The board's actor as it is now, in an `Update`: followers' servers show the new name, bio and
 * picture without waiting to look again.
 */
function profileUpdateOf(changedAt: number) {
  return async (ctx: Context<FediverseData>, owner: UserRow) => {
    const actor = ctx.getActorUri(owner.username);
    return new Update({
      id: new URL(`#profile-${changedAt}`, actor),
      actor,
      to: PUBLIC_COLLECTION,
      cc: ctx.getFollowersUri(owner.username),
      object: await boardActor(ctx, owner),
    });
  };
}

export async function handleStoryMessage(
  federation: Federation<FediverseData>,
  data: FediverseData,
  message: StoryMessage,
) {
  if (message.up2 === 'new-stories') return claimNewStories(data.env, data.db, message);
  const activityOf =
    message.up2 === 'profile-changed'
      ? profileUpdateOf(message.changedAt)
      : message.up2 === 'moved'
        ? moveOf(message.movedAt)
        : storyOf(message.eventId);
  await deliverPage(federation, data, message, activityOf);
}

/**
 * Before an account is deleted: a `Delete` of its actor queued to every follower's inbox. The
 * queued deliveries carry the keys that sign them, so they go out after the account is gone.
 */
export async function announceAccountDeletion(env: Env, db: Db, owner: UserRow, origin: string) {
  const federation = fediverse(env);
  const ctx = federation.createContext(new URL(origin), { env, db });
  const actor = ctx.getActorUri(owner.username);
  const deletion = new Delete({
    id: new URL('#delete', actor),
    actor,
    to: PUBLIC_COLLECTION,
    object: actor,
  });
  const keys = await ctx.getActorKeyPairs(owner.username);
  for (let after = ''; ; ) {
    const recipients = await inboxPage(db, owner.id, after);
    if (recipients.length === 0) return;
    await ctx.sendActivity(keys, recipients, deletion, { fanout: 'skip' });
    if (recipients.length < inboxesPerPage) return;
    after = recipients.at(-1)?.inboxId?.href ?? '';
  }
}

/**
 * The owner answered a follow: `Accept` (a follow that waited, let in) or `Reject` (a follower
 * removed) of their `Follow` goes to their inbox.
 */
export async function answerFollower(
  answer: 'accept' | 'reject',
  env: Env,
  db: Db,
  owner: Pick<UserRow, 'username'>,
  follower: typeof fediverseFollowers.$inferSelect,
  origin: string,
) {
  const ctx = fediverse(env).createContext(new URL(origin), { env, db });
  const actor = ctx.getActorUri(owner.username);
  const follow = new Follow({
    id: new URL(follower.followId),
    actor: new URL(follower.actorId),
    object: actor,
  });
  const Answer = answer === 'accept' ? Accept : Reject;
  await ctx.sendActivity(
    { identifier: owner.username },
    { id: new URL(follower.actorId), inboxId: new URL(follower.inbox) },
    new Answer({ id: new URL(`#${answer}-${crypto.randomUUID()}`, actor), actor, object: follow }),
  );
}
