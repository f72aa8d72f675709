import type { Db } from '../../platform/db';
import { type InboxClaim, screenInboxClaim } from './interactions';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object's id, whether the activity names it or embeds it. */
const idOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : isObject(value) ? idOf(value.id) : undefined;

const storyPath = /^\/@([a-z0-9]{3,20})\/stories\/\d+$/i;
const actorPath = /^\/@([a-z0-9]{3,20})$/i;

/** The board an address of this server names, and whether the address is one of its stories. */
function boardAt(address: string | undefined, origin: string) {
  if (!address || !URL.canParse(address)) return undefined;
  const url = new URL(address);
  if (url.origin !== origin) return undefined;
  const story = storyPath.exec(url.pathname)?.[1];
  const actor = actorPath.exec(url.pathname)?.[1];
  return story
    ? { username: story, story: true }
    : actor
      ? { username: actor, story: false }
      : undefined;
}

/**
 * What an activity claims, read from its JSON as servers send it (compacted): its actor, the
 * board it is for (the story or actor it names, or the board whose own inbox it came to), and
 * whether it likes, boosts or replies to a story. Activities shaped otherwise pass unread; the
 * listeners judge them.
 */
function claimOf(activity: Json, origin: string, inboxOf: string | undefined): InboxClaim | null {
  const actorId = idOf(activity.actor);
  if (!actorId || !URL.canParse(actorId)) return null;
  const { type, object } = activity;
  const reply = type === 'Create' && isObject(object) && object.type === 'Note' ? object : null;
  const named = boardAt(reply ? idOf(reply.inReplyTo) : idOf(object), origin);
  const username = named?.username ?? inboxOf;
  if (!username) return null;
  const answersStory =
    named?.story === true && (reply !== null || type === 'Like' || type === 'Announce');
  const content = answersStory && typeof reply?.content === 'string' ? reply.content : '';
  return { username, actorId, interaction: answersStory, replyHtmlLength: content.length };
}

/**
 * Reads an inbox POST (its signature already verified) for what it claims and refuses what the
 * board will not take (`screenInboxClaim`); activities shaped otherwise pass to the listeners.
 */
export async function screenInboxActivity(
  db: Db,
  env: Env,
  post: { text: string; origin: string; inboxOf: string | undefined },
) {
  let activity: unknown;
  try {
    activity = JSON.parse(post.text);
  } catch {
    return;
  }
  const claim = isObject(activity) ? claimOf(activity, post.origin, post.inboxOf) : null;
  if (claim) await screenInboxClaim(db, env, claim);
}
