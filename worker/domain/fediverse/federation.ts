import {
  type Context,
  createFederation,
  type Federation,
  kvCache,
  type Message,
} from '@fedify/fedify';
import {
  Accept,
  Announce,
  Create,
  Delete,
  Endpoints,
  Flag,
  Follow,
  Image,
  isActor,
  Like,
  Move,
  Note,
  Person,
  Tombstone,
  Undo,
} from '@fedify/fedify/vocab';
import { count, eq } from 'drizzle-orm';
import { users } from '../../../schema/tables';
import { type Db, getDb } from '../../platform/db';
import { WorkersKvStore } from '../../platform/fedify-kv';
import { CloudflareMessageQueue } from '../../platform/fedify-queue';
import {
  contextLoader,
  documentLoader,
  RemoteDocumentError,
} from '../../platform/fediverse-documents';
import { outsideAddressProblem } from '../../platform/outside-fetch';
import { findUserByUsername, type UserRow } from '../account/users';
import { countPublicStories } from '../boards/public-story';
import { copyOutsideImage } from '../images/outside-image';
import { domainBlockOf } from '../moderation/domain-blocks';
import { fileFlag } from '../moderation/reports';
import { noteMoveIn, readAccountMoves } from './account-move-records';
import { boardPublished, featuredStories, isDiscoverable, profileLinks } from './actor-profile';
import {
  addFediverseFollower,
  countFediverseFollowers,
  dropRemoteActor,
  removeFollowOf,
  roomForFollowsFrom,
} from './followers';
import { followersOnServer, mayReadFollowers } from './followers-sync';
import { textAsHtml } from './html';
import { receiveBoost, receiveLike, receiveReply } from './inbox-interactions';
import { deleteReply, dropInteractionsOf, isBlockedFrom, undoInteraction } from './interactions';
import { boardKeyPairs } from './keys';
import {
  outboxPageSize,
  readStoryEvent,
  readStoryPage,
  storyActivity,
  storyAuthor,
  storyNote,
} from './story-notes';

/** What every Fedify callback gets: the Worker's bindings and a database. */
export type FediverseData = { env: Env; db: Db };

const fediversePaths = {
  actor: '/@{identifier}',
  story: '/@{identifier}/stories/{id}',
  inbox: '/fediverse/users/{identifier}/inbox',
  sharedInbox: '/fediverse/inbox',
  outbox: '/fediverse/users/{identifier}/outbox',
  followers: '/fediverse/users/{identifier}/followers',
  featured: '/fediverse/users/{identifier}/featured',
  nodeInfo: '/fediverse/nodeinfo/2.1',
} as const;

/** How Up2 names itself to other servers, with where their admins can read about this one. */
const userAgentOf = (env: Env) => `Up2/1.0 (+${env.APP_URL})`;

/**
 * A queued task of Fedify's, a delivery naming Up2 as its sender's software: Fedify sends its
 * deliveries with the headers of their message and no User-Agent of its own.
 */
export function namingUp2(env: Env, task: Message): Message {
  if (task.type !== 'outbox') return task;
  return { ...task, headers: { ...task.headers, 'user-agent': userAgentOf(env) } };
}

/** Whether this deployment may talk to loopback and private addresses (development and tests). */
const allowsPrivateAddresses = (env: Env) => env.UNFURL_PRIVATE_ADDRESSES === 'true';

/**
 * Whether an inbox may be delivered to in production: https, and the address rules of every
 * outside fetch (worker/platform/outside-fetch.ts), its name's resolved addresses included.
 */
async function isReachableInProduction(url: URL): Promise<boolean> {
  if (url.protocol !== 'https:') return false;
  return !(await outsideAddressProblem(url, false, AbortSignal.timeout(5000)));
}

/** A 404 or 410 from another server is final: nothing to act on, and nothing to try again. */
function noneIfGone(error: unknown): null {
  if (error instanceof RemoteDocumentError && error.isGone) return null;
  throw error;
}

/** The actor's summary, HTML as ActivityPub has it: the bio, or the tagline if there is none. */
function summaryOf(owner: UserRow): string | null {
  const words = owner.bio || owner.tagline;
  return words ? textAsHtml(words) : null;
}

/**
 * Who sent a Follow. Some servers embed their actor without its inbox: it is then fetched by its
 * id (by the rules of every outside fetch), and taken only if the document found is that actor.
 */
async function followingActor(ctx: Context<FediverseData>, follow: Follow) {
  const embedded = await follow.getActor(ctx).catch(noneIfGone);
  if (!embedded?.id || embedded.inboxId) return embedded;
  const fetched = await ctx.lookupObject(embedded.id).catch(noneIfGone);
  return isActor(fetched) && fetched.id?.href === embedded.id.href ? fetched : null;
}

/**
 * The owner's picture as other servers show it: a raster image. A preset avatar, drawn as SVG,
 * is named by its PNG rendering (worker/http/routes/api/avatars.ts); uploads are raster already.
 */
function avatarImage(avatar: string, origin: string): Image {
  const preset = /^\/api\/avatars\/[a-z]+\/[A-Za-z0-9_-]+\.svg$/.test(avatar);
  return preset
    ? new Image({ url: new URL(avatar.replace(/\.svg$/, '.png'), origin), mediaType: 'image/png' })
    : new Image({ url: new URL(avatar, origin) });
}

/**
 * A public board as the fediverse sees it: a `Person` named, described and pictured as its header,
 * with the owner's profile links and its Now blocks pinned (./actor-profile.ts).
 */
export async function boardActor(ctx: Context<FediverseData>, owner: UserRow): Promise<Person> {
  const identifier = owner.username;
  const [keys, links, moves] = await Promise.all([
    ctx.getActorKeyPairs(identifier),
    profileLinks(ctx.data.db, owner.id),
    readAccountMoves(ctx.data.db, owner.id),
  ]);
  const actor = ctx.getActorUri(identifier);
  return new Person({
    id: actor,
    preferredUsername: owner.username,
    name: owner.displayName,
    summary: summaryOf(owner),
    url: actor,
    icon: owner.avatar ? avatarImage(owner.avatar, ctx.origin) : null,
    inbox: ctx.getInboxUri(identifier),
    outbox: ctx.getOutboxUri(identifier),
    followers: ctx.getFollowersUri(identifier),
    featured: ctx.getFeaturedUri(identifier),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    manuallyApprovesFollowers: false,
    discoverable: isDiscoverable(owner),
    indexable: isDiscoverable(owner),
    published: boardPublished(owner),
    attachments: links,
    aliases: moves.alsoKnownAs.map((id) => new URL(id)),
    successor: moves.movedTo ? new URL(moves.movedTo) : null,
    publicKey: keys[0]?.cryptographicKey ?? null,
    assertionMethods: keys.map((key) => key.multikey),
  });
}

/** Who a board's story notes are by, at the board's fediverse addresses. */
export function boardStoryAuthor(ctx: Context<FediverseData>, owner: UserRow) {
  const actor = ctx.getActorUri(owner.username);
  return storyAuthor(ctx.data.db, owner, {
    actor,
    followers: ctx.getFollowersUri(owner.username),
    board: actor,
  });
}

/** Another server's document as it is now, past our KV copies (an account just edited). */
export const freshDocumentLoader = (env: Env) =>
  documentLoader({ allowPrivate: allowsPrivateAddresses(env), userAgent: userAgentOf(env) });

/** Actors, keys and objects of other servers, kept a while in KV (Fedify's rules) once read. */
function cachedDocumentLoader(env: Env) {
  const allowPrivate = allowsPrivateAddresses(env);
  const loader = documentLoader({ allowPrivate, userAgent: userAgentOf(env) });
  return kvCache({ loader, kv: new WorkersKvStore(env.FEDIVERSE_KV) });
}

/**
 * What checking an inbox POST's HTTP signature (RFC 9421 or draft-cavage) may load: the signer's
 * key through our cached, rule-keeping loader, and only the contexts bundled here.
 */
export function signatureLoaders(env: Env) {
  return { documentLoader: cachedDocumentLoader(env), contextLoader };
}

function buildFederation(env: Env): Federation<FediverseData> {
  const allowPrivate = allowsPrivateAddresses(env);
  const federation = createFederation<FediverseData>({
    kv: new WorkersKvStore(env.FEDIVERSE_KV),
    queue: new CloudflareMessageQueue(env.FEDIVERSE_QUEUE),
    // The Worker's queue handler hands messages over (processQueuedTask); nothing listens.
    manuallyStartQueue: true,
    // A remote server that keeps failing is held back (its deliveries wait, then are dropped).
    circuitBreaker: {
      failureThreshold: 10,
      failureWindow: { hours: 1 },
      recoveryDelay: { minutes: 30 },
      heldActivityTtl: { days: 2 },
    },
    // Every fetch by the rules of outside fetches (worker/platform/fediverse-documents.ts); no
    // context but the bundled ones is ever fetched.
    documentLoaderFactory: () => cachedDocumentLoader(env),
    contextLoaderFactory: () => contextLoader,
    authenticatedDocumentLoaderFactory: (identity) =>
      documentLoader({ allowPrivate, userAgent: userAgentOf(env), sign: identity }),
  });

  federation
    .setActorDispatcher(fediversePaths.actor, async (ctx, identifier) => {
      const owner = await findUserByUsername(ctx.data.db, identifier);
      // A suspended board's actor is gone (410) until unsuspended; its followers are kept.
      if (owner?.suspendedAt && owner.username === identifier) {
        return new Tombstone({ id: ctx.getActorUri(identifier) });
      }
      // A private board is not an actor at all, exactly as its page is not found.
      if (!owner?.isPublic || owner.username !== identifier) return null;
      return boardActor(ctx, owner);
    })
    .mapHandle((_ctx, username) => username.toLowerCase())
    .setKeyPairsDispatcher(async (ctx, identifier) => {
      const owner = await findUserByUsername(ctx.data.db, identifier);
      return owner ? boardKeyPairs(ctx.data.db, owner.id) : [];
    });

  // A story's own address (worker/http/routes/pages/story-page.ts answers gone and hidden ones).
  federation.setObjectDispatcher(Note, fediversePaths.story, async (ctx, values) => {
    const owner = await findUserByUsername(ctx.data.db, values.identifier);
    const eventId = Number(values.id);
    if (!owner?.isPublic || !Number.isSafeInteger(eventId)) return null;
    const event = await readStoryEvent(ctx.data.db, owner.id, eventId);
    return event ? storyNote(await boardStoryAuthor(ctx, owner), event) : null;
  });

  // The board's Now blocks, as the Notes of their latest stories: Mastodon's pinned posts.
  federation.setFeaturedDispatcher(fediversePaths.featured, async (ctx, identifier) => {
    const owner = await findUserByUsername(ctx.data.db, identifier);
    if (!owner?.isPublic) return null;
    const [author, events] = await Promise.all([
      boardStoryAuthor(ctx, owner),
      featuredStories(ctx.data.db, owner.id),
    ]);
    return { items: events.map((event) => storyNote(author, event)) };
  });

  federation
    .setOutboxDispatcher(fediversePaths.outbox, async (ctx, identifier, cursor) => {
      const owner = await findUserByUsername(ctx.data.db, identifier);
      if (!owner?.isPublic || cursor === null) return null;
      const before = cursor === 'latest' ? null : Number.parseInt(cursor, 10);
      if (before !== null && !Number.isSafeInteger(before)) return null;
      const [author, page] = await Promise.all([
        boardStoryAuthor(ctx, owner),
        readStoryPage(ctx.data.db, owner.id, before),
      ]);
      const last = page.at(-1);
      return {
        items: page.map((event) => storyActivity(author, event)),
        nextCursor: last && page.length === outboxPageSize ? String(last.id) : null,
      };
    })
    // A private board answers no first page, so the dispatcher above answers 404.
    .setFirstCursor(async (ctx, identifier) => {
      const owner = await findUserByUsername(ctx.data.db, identifier);
      return owner?.isPublic ? 'latest' : null;
    });

  federation
    .setFollowersDispatcher(fediversePaths.followers, async (ctx, identifier, _cursor, base) => {
      // One server reads which of its accounts follow the board (FEP-8fcf, ./followers-sync.ts).
      if (base) return followersOnServer(ctx, identifier, base);
      const owner = await findUserByUsername(ctx.data.db, identifier);
      // Who follows a board is its owner's to know: others read how many, never who.
      return owner?.isPublic ? { items: [] } : null;
    })
    .authorize(mayReadFollowers)
    .setCounter(async (ctx, identifier) => {
      const owner = await findUserByUsername(ctx.data.db, identifier);
      return owner?.isPublic ? countFediverseFollowers(ctx.data.db, owner.id) : null;
    });

  federation
    .setInboxListeners(fediversePaths.inbox, fediversePaths.sharedInbox)
    .on(Follow, async (ctx, follow) => {
      if (!follow.id || !follow.objectId) return;
      const target = ctx.parseUri(follow.objectId);
      if (target?.type !== 'actor') return;
      const owner = await findUserByUsername(ctx.data.db, target.identifier);
      if (!owner?.isPublic) return;
      const follower = await followingActor(ctx, follow);
      if (!follower?.id || !follower.inboxId) return;
      const serverBlock = await domainBlockOf(ctx.data.env, follower.id.hostname);
      if (serverBlock === 'suspend') return;
      if (await isBlockedFrom(ctx.data.db, owner.id, follower.id.href)) return;
      if (!(await roomForFollowsFrom(ctx.data.db, owner.id, follower.id.href))) return;
      const sharedInbox = follower.endpoints?.sharedInbox ?? null;
      const production = !allowsPrivateAddresses(ctx.data.env);
      if (
        production &&
        (!(await isReachableInProduction(follower.inboxId)) ||
          (sharedInbox && !(await isReachableInProduction(sharedInbox))))
      ) {
        return;
      }
      const icon = await follower.getIcon(ctx).catch(() => null);
      const iconUrl = icon?.url instanceof URL ? icon.url : (icon?.url?.href ?? null);
      // Our copy, so the owner's dashboard never loads another server's picture.
      const avatarUrl = iconUrl
        ? await copyOutsideImage(ctx.data.env, 'followers', owner.id, iconUrl.href, !production)
        : null;
      const { waiting } = await addFediverseFollower(
        ctx.data.db,
        ctx.data.env,
        {
          userId: owner.id,
          actorId: follower.id.href,
          followId: follow.id.href,
          inbox: follower.inboxId.href,
          sharedInbox: sharedInbox?.href ?? null,
          handle: `@${follower.preferredUsername ?? 'unknown'}@${follower.id.host}`,
          name: follower.name?.toString() ?? null,
          avatarUrl,
        },
        { limitedServer: serverBlock === 'limit' },
      );
      // A follow past one server's limits is answered once the owner lets it in.
      if (waiting) return;
      const actor = ctx.getActorUri(owner.username);
      await ctx.sendActivity(
        { identifier: owner.username },
        follower,
        new Accept({
          id: new URL(`#accept-${crypto.randomUUID()}`, actor),
          actor,
          object: follow,
        }),
      );
    })
    .on(Like, receiveLike)
    .on(Announce, receiveBoost)
    .on(Create, receiveReply)
    .on(Undo, async (ctx, undo) => {
      // A like or boost taken back is found by its id, with nothing to fetch.
      const { db, env } = ctx.data;
      if (undo.objectId && undo.actorId) {
        if (await undoInteraction(db, env, undo.objectId.href, undo.actorId.href)) return;
      }
      const follow = await undo.getObject(ctx).catch(noneIfGone);
      if (!(follow instanceof Follow) || !undo.actorId || !follow.objectId) return;
      if (follow.actorId?.href !== undo.actorId.href) return;
      const target = ctx.parseUri(follow.objectId);
      if (target?.type !== 'actor') return;
      await removeFollowOf(ctx.data.db, ctx.data.env, target.identifier, undo.actorId.href);
    })
    .on(Move, async (ctx, move) => {
      // A former account of the owner moved here: Mastodon then has its followers follow the board.
      const target = move.targetId ? ctx.parseUri(move.targetId) : null;
      if (target?.type !== 'actor' || !move.actorId) return;
      if (move.objectId?.href !== move.actorId.href) return;
      const owner = await findUserByUsername(ctx.data.db, target.identifier);
      if (owner?.isPublic) await noteMoveIn(ctx.data.db, owner.id, move.actorId.href);
    })
    .on(Flag, async (ctx, flag) => {
      // Another server's report: a report of each of our boards it names, from that server.
      const server = flag.actorId?.host;
      const boards = flag.objectIds.map((id) => ctx.parseUri(id));
      for (const board of boards) {
        if (server && board?.type === 'actor') {
          await fileFlag(
            ctx.data.db,
            ctx.data.env,
            server,
            board.identifier,
            flag.content?.toString(),
          );
        }
      }
    })
    .on(Delete, async (ctx, deletion) => {
      const { db, env } = ctx.data;
      if (!deletion.actorId || !deletion.objectId) return;
      // A remote account that is gone: its follows, likes, boosts and replies go with it.
      if (deletion.objectId.href === deletion.actorId.href) {
        await dropRemoteActor(db, env, deletion.actorId.href);
        await dropInteractionsOf(db, env, deletion.actorId.href);
      } else {
        await deleteReply(db, env, deletion.objectId.href, deletion.actorId.href);
      }
    });

  federation.setNodeInfoDispatcher(fediversePaths.nodeInfo, async (ctx) => {
    const [boards, posts] = await Promise.all([
      ctx.data.db.select({ total: count() }).from(users).where(eq(users.isPublic, true)).get(),
      countPublicStories(ctx.data.db),
    ]);
    return {
      software: { name: 'up2', version: '1.0.0', homepage: new URL('/', ctx.origin) },
      protocols: ['activitypub'],
      openRegistrations: true,
      usage: { users: { total: boards?.total ?? 0 }, localPosts: posts, localComments: 0 },
    };
  });

  return federation;
}

const federations = new WeakMap<Queue, Map<boolean, Federation<FediverseData>>>();

/** The Fedify federation of this Worker: built once per isolate (its dispatchers do not change). */
export function fediverse(env: Env): Federation<FediverseData> {
  const byMode = federations.get(env.FEDIVERSE_QUEUE) ?? new Map();
  federations.set(env.FEDIVERSE_QUEUE, byMode);
  let federation = byMode.get(allowsPrivateAddresses(env));
  if (!federation) {
    federation = buildFederation(env);
    byMode.set(allowsPrivateAddresses(env), federation);
  }
  return federation;
}

export const fediverseData = (env: Env, db: Db = getDb(env)): FediverseData => ({ env, db });
