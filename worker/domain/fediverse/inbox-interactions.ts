import type { Context } from '@fedify/fedify';
import {
  type Actor,
  type Announce,
  type Create,
  isActor,
  type Like,
  Note,
} from '@fedify/fedify/vocab';
import type { FediverseInteractionKind } from '../../../schema/fediverse-interaction-values';
import { copyOutsideImage } from '../images/outside-image';
import type { FediverseData } from './federation';
import {
  copiedPictureOf,
  findAnsweredStory,
  interactionLimits,
  isBlockedFrom,
  storeInteraction,
} from './interactions';
import { sanitiseReplyHtml } from './reply-html';

/** The story of ours an address names (`/@alice/stories/12`), if it is one. */
function storyNamed(ctx: Context<FediverseData>, address: URL | null) {
  const parsed = address ? ctx.parseUri(address) : null;
  if (parsed?.type !== 'object' || parsed.class !== Note) return undefined;
  const { identifier, id } = parsed.values;
  return identifier && id ? { username: identifier, storyId: Number(id) } : undefined;
}

/** Our copy of an account's picture for one board: reused once one of its answers copied it. */
async function pictureOf(ctx: Context<FediverseData>, actor: Actor, userId: number) {
  const known = actor.id && (await copiedPictureOf(ctx.data.db, userId, actor.id.href));
  if (known) return known;
  const icon = await actor.getIcon(ctx).catch(() => null);
  const iconUrl = icon?.url instanceof URL ? icon.url : (icon?.url?.href ?? null);
  if (!iconUrl) return null;
  const allowPrivate = ctx.data.env.UNFURL_PRIVATE_ADDRESSES === 'true';
  return copyOutsideImage(ctx.data.env, 'followers', userId, iconUrl.href, allowPrivate);
}

type Answer = {
  activity: Like | Announce | Create;
  kind: FediverseInteractionKind;
  story: URL | null;
  reply?: { noteId: string; html: string; url: string | null };
};

/**
 * Keeps an answer to one of our stories from an account elsewhere: only to a visible story of a
 * public board, never from an account or server its owner blocked.
 */
async function keepAnswer(ctx: Context<FediverseData>, { activity, kind, story, reply }: Answer) {
  const named = storyNamed(ctx, story);
  if (!activity.id || !activity.actorId || !named) return;
  const { db, env } = ctx.data;
  const found = await findAnsweredStory(db, named.username, named.storyId);
  if (!found || (await isBlockedFrom(db, found.owner.id, activity.actorId.href))) return;
  const actor = await activity.getActor(ctx).catch(() => null);
  if (!isActor(actor) || actor.id?.href !== activity.actorId.href) return;
  await storeInteraction(db, env, {
    userId: found.owner.id,
    storyId: found.story.id,
    blockId: found.story.blockId,
    kind,
    activityId: activity.id.href,
    noteId: reply?.noteId ?? null,
    actorId: actor.id.href,
    handle: `@${actor.preferredUsername ?? 'unknown'}@${actor.id.host}`,
    name: actor.name?.toString() ?? null,
    avatarUrl: await pictureOf(ctx, actor, found.owner.id),
    contentHtml: reply ? sanitiseReplyHtml(reply.html) : null,
    url: reply?.url ?? null,
  });
}

export function receiveLike(ctx: Context<FediverseData>, like: Like) {
  return keepAnswer(ctx, { activity: like, kind: 'like', story: like.objectId });
}

export function receiveBoost(ctx: Context<FediverseData>, boost: Announce) {
  return keepAnswer(ctx, { activity: boost, kind: 'boost', story: boost.objectId });
}

/** A `Create(Note)` in reply to one of our stories, by the account that sent it. */
export async function receiveReply(ctx: Context<FediverseData>, create: Create) {
  const note = await create.getObject(ctx).catch(() => null);
  if (!(note instanceof Note) || !note.id || !create.actorId) return;
  if (note.attributionId?.href !== create.actorId.href) return;
  const html = note.content?.toString() ?? '';
  if (html.length > interactionLimits(ctx.data.env).replyHtmlLength) return;
  const url = note.url instanceof URL ? note.url : (note.url?.href ?? null);
  await keepAnswer(ctx, {
    activity: create,
    kind: 'reply',
    story: note.replyTargetId,
    reply: { noteId: note.id.href, html, url: url?.protocol.startsWith('http') ? url.href : null },
  });
}
